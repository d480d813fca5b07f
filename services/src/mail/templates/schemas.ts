import { z } from 'zod';

/**
 * The data of each email, validated when an email job is taken from the queue. Money is integer
 * cents; instants are ISO 8601 strings (shown in en-AU, Australia/Sydney); names may be '' (a
 * guest), and then the greeting is generic.
 */

const cents = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);
const positiveCents = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const instant = z.string().datetime({ offset: true });
const personName = z.string().trim().max(200);
/** A link we put in an href: only http(s), never javascript: or data:. */
const httpUrl = z
  .string()
  .trim()
  .url()
  .max(2000)
  .refine((u) => /^https?:\/\//i.test(u), 'must be an http(s) URL');

const shopName = z.string().trim().min(1).max(200);
/** "12 345 678 901" or "12345678901". */
const abn = z
  .string()
  .trim()
  .regex(/^\d{2} ?\d{3} ?\d{3} ?\d{3}$/, 'ABN must be 11 digits');
/** The order's public number (OrderStarted.publicId). */
const publicId = z.union([z.number().int().positive(), z.string().trim().min(1).max(50)]);

export const orderItemSchema = z.object({
  name: z.string().trim().min(1).max(500),
  quantity: z.number().int().positive().max(100_000),
  unitPriceCents: cents,
});
export type OrderItemLine = z.output<typeof orderItemSchema>;

export const shippingAddressSchema = z.object({
  givenName: z.string().trim().max(100),
  familyName: z.string().trim().max(100),
  addressLine1: z.string().trim().min(1).max(200),
  suburb: z.string().trim().max(100),
  state: z.string().trim().max(50),
  postalCode: z.string().trim().max(10),
  countryCode: z.string().trim().max(10).optional(),
});
export type ShippingAddress = z.output<typeof shippingAddressSchema>;

/** Posted to an address, or collected from the shop (address and hours come from configuration). */
export const deliverySchema = z.discriminatedUnion('method', [
  z.object({ method: z.literal('post'), address: shippingAddressSchema }),
  z.object({
    method: z.literal('pickup'),
    /** The full pickup address; new lines are kept. */
    pickupAddress: z.string().trim().min(1).max(500),
    /** Opening hours for collection; new lines are kept. */
    pickupHours: z.string().trim().min(1).max(500),
  }),
]);
export type Delivery = z.output<typeof deliverySchema>;

export const orderConfirmationSchema = z
  .object({
    name: personName,
    /** The buyer's email, shown on the tax invoice. */
    email: z.string().trim().email().max(320).optional(),
    publicId,
    orderDate: instant,
    items: z.array(orderItemSchema).min(1).max(1000),
    /** Sum of quantity x unit price. */
    subtotalCents: cents,
    postageCents: cents,
    /** Store credit applied to this order. */
    creditUsedCents: cents,
    /** What the customer paid by card (or in person) for this order. */
    totalPaidCents: cents,
    /** The overspend, kept as credit; shown when above 1 cent. */
    creditForwardCents: cents,
    delivery: deliverySchema,
    shopName,
    shopAbn: abn,
    shopUrl: httpUrl.optional(),
    /** The order's confirmation page (a signed link: a guest can open it too). */
    confirmationUrl: httpUrl.optional(),
  })
  .superRefine((data, ctx) => {
    const sum = data.items.reduce((s, i) => s + i.quantity * i.unitPriceCents, 0);
    if (sum !== data.subtotalCents) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ['subtotalCents'],
        message: `subtotalCents (${data.subtotalCents}) must equal the sum of the lines (${sum})`,
      });
    }
  });
export type OrderConfirmationData = z.output<typeof orderConfirmationSchema>;

export const orderPostedSchema = z.object({
  name: personName,
  publicId,
  postedDate: instant,
  /** Australia Post tracking number; null (or '') when posted without tracking. */
  trackingNumber: z.string().trim().max(100).nullable(),
  shopName: shopName.optional(),
  shopUrl: httpUrl.optional(),
});
export type OrderPostedData = z.output<typeof orderPostedSchema>;

export const passwordResetSchema = z.object({
  name: personName,
  resetUrl: httpUrl,
  expiresAt: instant,
  shopName: shopName.optional(),
});
export type PasswordResetData = z.output<typeof passwordResetSchema>;

export const creditReceivedSchema = z.object({
  name: personName,
  amountCents: positiveCents,
  /** The admin's note with the credit; may be ''. */
  description: z.string().trim().max(2000),
  /** The customer's credit balance after this credit. */
  balanceCents: cents,
  shopName: shopName.optional(),
  shopUrl: httpUrl.optional(),
});
export type CreditReceivedData = z.output<typeof creditReceivedSchema>;

export const welcomeSchema = z.object({
  name: personName,
  shopUrl: httpUrl,
  shopName: shopName.optional(),
});
export type WelcomeData = z.output<typeof welcomeSchema>;

const calendarDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date like 2026-12-01');
/** Copies of an issue put aside for a customer's pull list (`awaiting`: wanted, not in stock yet). */
export const pullListReservedSchema = z.object({
  name: personName,
  title: z.string().trim().min(1).max(500),
  seriesTitle: z.string().trim().max(500),
  quantity: z.number().int().nonnegative().max(10),
  awaiting: z.number().int().nonnegative().max(10),
  releaseDate: calendarDay.nullable(),
  /** The last day the reservation can be cancelled (Australia/Sydney). */
  focDate: calendarDay.nullable(),
  pullListUrl: httpUrl,
  shopName: shopName.optional(),
});
export type PullListReservedData = z.output<typeof pullListReservedSchema>;

const recipient = z.string().trim().email().max(320);
/**
 * A stable key for the Message-ID header (e.g. the id of the event that caused the email), so a
 * retried job sends the same Message-ID. See `messageIdFor` in ../mailer.ts.
 */
const messageId = z.string().trim().min(1).max(250).optional();

/** The payload of a job on the 'email' queue. */
/** A want answered (issue 18): the item that came into stock and its page. */
export const backInStockSchema = z.object({
  name: personName,
  itemName: z.string().trim().min(1).max(500),
  itemUrl: httpUrl,
  priceCents: cents,
  shopName: shopName.optional(),
  shopUrl: httpUrl.optional(),
});
export type BackInStockData = z.output<typeof backInStockSchema>;

export const emailJobSchema = z.discriminatedUnion('template', [
  z.object({ template: z.literal('orderConfirmation'), to: recipient, messageId, data: orderConfirmationSchema }),
  z.object({ template: z.literal('orderPosted'), to: recipient, messageId, data: orderPostedSchema }),
  z.object({ template: z.literal('passwordReset'), to: recipient, messageId, data: passwordResetSchema }),
  z.object({ template: z.literal('creditReceived'), to: recipient, messageId, data: creditReceivedSchema }),
  z.object({ template: z.literal('welcome'), to: recipient, messageId, data: welcomeSchema }),
  z.object({ template: z.literal('backInStock'), to: recipient, messageId, data: backInStockSchema }),
  z.object({ template: z.literal('pullListReserved'), to: recipient, messageId, data: pullListReservedSchema }),
]);
export type EmailJob = z.output<typeof emailJobSchema>;
export type EmailJobInput = z.input<typeof emailJobSchema>;
export type EmailTemplateName = EmailJob['template'];
