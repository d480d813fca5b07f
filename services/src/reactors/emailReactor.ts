import { creditDecider } from '@shop/domain/credit/index';
import { orderConfirmationUrl } from '../orders/confirmationToken.ts';
import type { OrderCompleted, OrderPosted } from '@shop/domain/orders/index';
import { orderDecider } from '@shop/domain/orders/index';
import { fold } from '@shop/domain/shared/decider';
import type { RecordedEvent } from '@shop/domain/shared/events';
import { userDecider } from '@shop/domain/users/index';
import type { WantAlerted } from '@shop/domain/wants/index';
import type { PullListCopiesReserved } from '@shop/domain/pullLists/index';
import type { Projector } from '@shop/projections/runner/projector';
import type { Config } from '../config/config.ts';
import type { EventStore } from '../eventstore/types.ts';
import type { EmailJobInput } from '../mail/templates/schemas.ts';
import type { Queues } from '../queue/queues.ts';
import { enqueueAllOnce } from './enqueue.ts';

interface Recipient {
  email: string;
  name: string;
}

/** Streams read for a batch of events, whole, in one round trip. */
type Streams = ReadonlyMap<string, readonly RecordedEvent[]>;

const userStreamId = (userId: string) => `user-${userId}`;

function userIn(streams: Streams, userId: string | null): Recipient | null {
  if (!userId) return null;
  const user = fold(userDecider, (streams.get(userStreamId(userId)) ?? []) as never);
  return user.registered ? { email: user.email, name: `${user.givenName} ${user.familyName}`.trim() } : null;
}

/** A stream as it stood just after `event` (its own stream, read whole, replayed up to that point). */
function streamAt(streams: Streams, event: RecordedEvent): RecordedEvent[] {
  return (streams.get(event.streamId) ?? []).filter((e) => e.streamPosition <= event.streamPosition);
}

/**
 * The streams an event's email is built from, beyond the event itself: none for most order
 * confirmations (a pickup order whose event names its buyer says all the email needs).
 */
function streamsNeededFor(event: RecordedEvent): string[] {
  switch (event.type) {
    case 'OrderCompleted': {
      const data = (event as unknown as OrderCompleted).data;
      if (data.adhoc) return [];
      return [
        ...(data.pickup ? [] : [event.streamId]),
        ...(data.ownerUserId && (!data.email || !data.name) ? [userStreamId(data.ownerUserId)] : []),
      ];
    }
    case 'OrderPosted':
      // The owner is known once the order is folded: the user's stream is read in a second round.
      return [event.streamId];
    case 'CreditGranted':
      return [event.streamId, userStreamId(event.streamId.slice('credit-'.length))];
    case 'WantAlerted':
      return [userStreamId((event.data as WantAlerted['data']).userId)];
    case 'PullListCopiesReserved':
      return [userStreamId((event.data as { userId: string }).userId)];
    default:
      return [];
  }
}

/** Streams found only once others are read: an order's owner for its posted email. */
function streamsNeededAfter(event: RecordedEvent, streams: Streams): string[] {
  if (event.type !== 'OrderPosted') return [];
  const order = fold(orderDecider, streamAt(streams, event) as never);
  return order.owner?.kind === 'user' ? [userStreamId(order.owner.userId)] : [];
}

/**
 * Builds the email a change calls for from the event and the streams read for it. Answers null
 * when there is nobody to write to (an ad-hoc sale without an email, a user who no longer exists).
 */
function emailFrom(config: Config, event: RecordedEvent, streams: Streams): EmailJobInput | null {
  const shop = { shopName: config.SHOP_NAME, shopUrl: config.PUBLIC_URL };
  switch (event.type) {
    case 'OrderCompleted': {
      const data = (event as unknown as OrderCompleted).data;
      if (data.adhoc) return null; // an in-person sale: the admin owns the order, the customer is at the counter
      const user = data.email && data.name ? null : userIn(streams, data.ownerUserId);
      const to = data.email || user?.email;
      if (!to) return null;
      const shippingAddress = data.pickup ? null : fold(orderDecider, streamAt(streams, event) as never).shippingAddress;
      const delivery = shippingAddress
        ? { method: 'post' as const, address: shippingAddress }
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
          confirmationUrl: orderConfirmationUrl(config.PUBLIC_URL, config.JWT_SECRET, data.publicId),
        },
      };
    }
    case 'OrderPosted': {
      const data = (event as unknown as OrderPosted).data;
      const order = fold(orderDecider, streamAt(streams, event) as never);
      const user = userIn(streams, order.owner?.kind === 'user' ? order.owner.userId : null);
      const to = order.email || user?.email;
      if (!to) return null;
      return {
        template: 'orderPosted',
        to,
        messageId: `order-posted-${event.eventId}`,
        data: {
          name: order.name || user?.name || '',
          publicId: order.publicId,
          postedDate: data.postedDate,
          trackingNumber: data.trackingNumber,
          ...shop,
        },
      };
    }
    case 'CreditGranted': {
      const data = event.data as { amountCents: number; description: string };
      const user = userIn(streams, event.streamId.slice('credit-'.length));
      if (!user) return null;
      const credit = fold(creditDecider, streamAt(streams, event) as never);
      return {
        template: 'creditReceived',
        to: user.email,
        messageId: `credit-received-${event.eventId}`,
        data: { name: user.name, amountCents: data.amountCents, description: data.description, balanceCents: credit.balanceCents, ...shop },
      };
    }
    case 'WantAlerted': {
      const data = (event as unknown as WantAlerted).data;
      const user = userIn(streams, data.userId);
      if (!user) return null;
      return {
        template: 'backInStock',
        to: user.email,
        messageId: `back-in-stock-${event.eventId}`,
        data: {
          name: user.name,
          itemName: data.itemName,
          itemUrl: `${config.PUBLIC_URL.replace(/\/+$/, '')}${data.url}`,
          priceCents: data.priceCents,
          ...shop,
        },
      };
    }
    case 'PullListCopiesReserved': {
      const data = (event as unknown as PullListCopiesReserved).data;
      if (!data.first) return null; // a customer hears of an issue once, when it is first reserved
      const user = userIn(streams, data.userId);
      if (!user) return null;
      return {
        template: 'pullListReserved',
        to: user.email,
        messageId: `pull-list-reserved-${event.eventId}`,
        data: {
          name: user.name,
          title: data.title,
          seriesTitle: data.seriesTitle,
          quantity: data.quantity,
          awaiting: data.awaiting,
          releaseDate: data.releaseDate,
          focDate: data.focDate,
          pullListUrl: `${config.PUBLIC_URL.replace(/\/$/, '')}/account-pull-list`,
          shopName: config.SHOP_NAME,
        },
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

/** Reads the streams not read yet into `streams` (one round trip; none when nothing is missing). */
async function readMissing(store: EventStore, streams: Map<string, readonly RecordedEvent[]>, ids: Iterable<string>): Promise<void> {
  const missing = [...new Set(ids)].filter((id) => !streams.has(id));
  if (missing.length === 0) return;
  for (const [id, events] of await store.readStreams(missing)) streams.set(id, events);
}

/**
 * The emails a batch of events calls for, in the batch's order, with the event each comes from.
 * The streams they need are read together: one round trip for the batch (two when it holds a posted
 * order, whose owner is found in the order's stream), none when the events say everything.
 */
export async function emailsFor(
  store: EventStore,
  config: Config,
  events: readonly RecordedEvent[],
): Promise<Array<{ event: RecordedEvent; job: EmailJobInput }>> {
  const streams = new Map<string, readonly RecordedEvent[]>();
  await readMissing(store, streams, events.flatMap(streamsNeededFor));
  await readMissing(
    store,
    streams,
    events.flatMap((e) => streamsNeededAfter(e, streams)),
  );
  return events.flatMap((event) => {
    const job = emailFrom(config, event, streams);
    return job ? [{ event, job }] : [];
  });
}

/** The email one change calls for (the admin's resend), or null when there is nobody to write to. */
export async function emailFor(store: EventStore, config: Config, event: RecordedEvent): Promise<EmailJobInput | null> {
  return (await emailsFor(store, config, [event]))[0]?.job ?? null;
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
    eventTypes: ['OrderCompleted', 'OrderPosted', 'CreditGranted', 'UserRegistered', 'WantAlerted', 'PullListCopiesReserved'],
    async apply(_trx, events) {
      const emails = await emailsFor(store, config, events);
      // One round trip to Redis for the batch. A failure moves no checkpoint: the batch is read and
      // queued again, and the jobs that did get in are not added twice.
      await enqueueAllOnce(
        queues.queue('email'),
        emails.map(({ event, job }) => ({ name: job.template, data: job, jobId: `email-${event.eventId}` })),
      );
    },
  };
}
