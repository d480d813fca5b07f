import { creditDecider } from '@shop/domain/credit/index';
import type { OrderCompleted, OrderPosted } from '@shop/domain/orders/index';
import { orderDecider } from '@shop/domain/orders/index';
import { fold } from '@shop/domain/shared/decider';
import type { RecordedEvent } from '@shop/domain/shared/events';
import { userDecider } from '@shop/domain/users/index';
import type { Projector } from '@shop/projections/runner/projector';
import type { Config } from '../config/config.ts';
import type { EventStore } from '../eventstore/types.ts';
import type { EmailJobInput } from '../mail/templates/schemas.ts';
import type { Queues } from '../queue/queues.ts';
import { enqueueOnce } from './enqueue.ts';

interface Recipient {
  email: string;
  name: string;
}

async function userOf(store: EventStore, userId: string | null): Promise<Recipient | null> {
  if (!userId) return null;
  const user = fold(userDecider, (await store.readStream(`user-${userId}`)) as never);
  return user.registered ? { email: user.email, name: `${user.givenName} ${user.familyName}`.trim() } : null;
}

/** The order as it stood just after `event` (replayed from its own stream up to that point). */
async function orderAt(store: EventStore, event: RecordedEvent) {
  return fold(orderDecider, (await store.readStream(event.streamId, { maxCount: event.streamPosition })) as never);
}

/**
 * Builds each email a change calls for. Answers null when there is nobody to write to (an ad-hoc
 * sale without an email, a user who no longer exists).
 */
export async function emailFor(store: EventStore, config: Config, event: RecordedEvent): Promise<EmailJobInput | null> {
  const shop = { shopName: config.SHOP_NAME, shopUrl: config.PUBLIC_URL };
  switch (event.type) {
    case 'OrderCompleted': {
      const data = (event as unknown as OrderCompleted).data;
      if (data.adhoc) return null; // an in-person sale: the admin owns the order, the customer is at the counter
      const order = await orderAt(store, event);
      const user = await userOf(store, data.ownerUserId);
      const to = data.email || user?.email;
      if (!to) return null;
      const delivery = data.pickup
        ? { method: 'pickup' as const, pickupAddress: config.PICKUP_ADDRESS, pickupHours: config.PICKUP_HOURS }
        : order.shippingAddress
          ? { method: 'post' as const, address: order.shippingAddress }
          : { method: 'pickup' as const, pickupAddress: config.PICKUP_ADDRESS, pickupHours: config.PICKUP_HOURS };
      return {
        template: 'orderConfirmation',
        to,
        messageId: `order-confirmation-${event.eventId}`,
        data: {
          name: data.name || user?.name || '',
          email: to,
          publicId: data.publicId,
          orderDate: data.completedDate,
          items: data.lines.map((l) => ({ name: l.name, quantity: l.quantity, unitPriceCents: l.price })),
          subtotalCents: data.totals.total,
          postageCents: data.totals.pnp,
          creditUsedCents: data.creditUsed,
          totalPaidCents: data.totals.paid,
          creditForwardCents: data.creditForward,
          delivery,
          shopName: config.SHOP_NAME,
          shopAbn: config.SHOP_ABN,
          shopUrl: config.PUBLIC_URL,
        },
      };
    }
    case 'OrderPosted': {
      const data = (event as unknown as OrderPosted).data;
      const order = await orderAt(store, event);
      const user = await userOf(store, order.owner?.kind === 'user' ? order.owner.userId : null);
      const to = order.email || user?.email;
      if (!to) return null;
      return {
        template: 'orderPosted',
        to,
        messageId: `order-posted-${event.eventId}`,
        data: { name: order.name || user?.name || '', publicId: order.publicId, postedDate: data.postedDate, trackingNumber: data.trackingNumber, ...shop },
      };
    }
    case 'CreditGranted': {
      const data = event.data as { amountCents: number; description: string };
      const user = await userOf(store, event.streamId.slice('credit-'.length));
      if (!user) return null;
      const credit = fold(creditDecider, (await store.readStream(event.streamId, { maxCount: event.streamPosition })) as never);
      return {
        template: 'creditReceived',
        to: user.email,
        messageId: `credit-received-${event.eventId}`,
        data: { name: user.name, amountCents: data.amountCents, description: data.description, balanceCents: credit.balanceCents, ...shop },
      };
    }
    case 'UserRegistered': {
      if (event.metadata.actor.kind === 'system') return null; // the admin account made at setup
      const data = event.data as { email: string; givenName: string; familyName: string };
      return {
        template: 'welcome',
        to: data.email,
        messageId: `welcome-${event.eventId}`,
        data: { name: `${data.givenName} ${data.familyName}`.trim(), shopUrl: config.PUBLIC_URL, shopName: config.SHOP_NAME },
      };
    }
    default:
      return null;
  }
}

/**
 * The event log is the outbox: this reactor turns events into email jobs, with job ids derived from
 * the event ids, and only moves its checkpoint once Redis has them. Redis down: the batch rolls
 * back and is read again later, and a job that did get in is not added twice.
 */
export function emailReactor(store: EventStore, config: Config, queues: Queues): Projector {
  return {
    name: 'reactor-email',
    tables: [],
    eventTypes: ['OrderCompleted', 'OrderPosted', 'CreditGranted', 'UserRegistered'],
    async apply(_trx, events) {
      for (const event of events) {
        const job = await emailFor(store, config, event);
        if (job) await enqueueOnce(queues.queue('email'), job.template, job, `email-${event.eventId}`);
      }
    },
  };
}
