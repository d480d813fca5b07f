/**
 * Back-in-stock alerts (issue 18): reads the stock events that bring an item into stock (arrivals,
 * domain/src/wants/arrivals.ts), finds the wants the item answers (the `wants` read model narrows
 * them, `wantMatches` decides) and decides an alert on each want's list. The alert is the email's
 * event (the email reactor sends it, its job id from the alert's event id); the list's decider
 * alerts a want once per arrival, so a replay of this reactor, or an import run again (which adds
 * no events), sends nothing twice. Only wants added before the arrival are alerted.
 */
import { randomUUID } from 'node:crypto';
import {
  itemPath,
  itemPriceCents,
  stockItemDecider,
  stockItemName,
  type StockItemEvent,
  type StockItemFields,
} from '@shop/domain/catalogue/index';
import { fold } from '@shop/domain/shared/decider';
import type { EventMetadata, RecordedEvent } from '@shop/domain/shared/events';
import {
  ARRIVAL_EVENT_TYPES,
  isArrival,
  issueKey,
  titleAndIssue,
  wantItemOf,
  wantListDecider,
  wantMatches,
  type Want,
  type WantItem,
} from '@shop/domain/wants/index';
import { readCheckpoint } from '@shop/projections/runner/checkpoints';
import { comparePositionsFromStart } from '@shop/projections/runner/eventSource';
import { WaitForReadModel, type Projector } from '@shop/projections/runner/projector';
import type { ReadModels } from '@shop/projections/schema';
import type { Transaction } from 'kysely';
import { handle } from '../commands/handle.ts';
import type { EventStore } from '../eventstore/types.ts';
import { wantListStream } from '../wants/wantList.ts';

export const WANTS_REACTOR = 'reactor-wants';

/** The item as it stood just after the arrival event. */
function itemAt(event: RecordedEvent, streams: ReadonlyMap<string, readonly RecordedEvent[]>): StockItemFields | null {
  const upTo =
    event.type === 'StockItemAdded' ? [event] : (streams.get(event.streamId) ?? []).filter((e) => e.streamPosition <= event.streamPosition);
  const state = fold(stockItemDecider, upTo as never);
  return state.status === 'active' ? state.item : null;
}

interface Candidate {
  userId: string;
  want: Want;
  addedPosition: bigint;
}

/**
 * The wants any of a batch's arrivals may match, in one query: by item, or by issue number (the
 * series and title conditions both need it; `wantMatches` decides the rest). A catalogue import is
 * thousands of arrivals in a batch: one query each kept the worker busy for minutes on nothing.
 */
async function candidates(trx: Transaction<ReadModels>, items: readonly WantItem[], before: bigint): Promise<Candidate[]> {
  const stockIds = items.map((item) => item.stockItemId);
  const issueKeys = [
    ...new Set(
      items
        .map((item) => item.issueNumber ?? titleAndIssue(item.title).issueNumber)
        .flatMap((issue) => (issue === null ? [] : [issueKey(issue)])),
    ),
  ];
  const rows = await trx
    .selectFrom('wants')
    .selectAll()
    .where('added_position', '<', before.toString())
    .where((eb) => eb.or([eb('stock_id', '=', eb.fn.any(eb.val(stockIds))), eb('issue_key', '=', eb.fn.any(eb.val(issueKeys)))]))
    .execute();
  return rows.map((r) => ({
    userId: r.user_id,
    addedPosition: BigInt(r.added_position),
    want: {
      wantId: r.want_id,
      seriesId: r.series_id,
      title: r.title,
      issueNumber: r.issue_number,
      gradeMin: r.grade_min === null ? null : Number(r.grade_min),
      stockId: r.stock_id,
      createdAt: r.created_at.toISOString(),
    } satisfies Want,
  }));
}

export function wantsReactor(store: EventStore): Projector {
  const deps = { store, ids: randomUUID };
  return {
    name: WANTS_REACTOR,
    tables: [],
    eventTypes: ARRIVAL_EVENT_TYPES,
    async apply(trx, events) {
      const arrivals = events.filter((e) => isArrival(e as unknown as StockItemEvent));
      if (arrivals.length === 0) return;
      // Wants added before an arrival must be in the read model before it is matched: until the
      // wants projector has passed the batch, the batch waits (it is read again later).
      const wantsAt = await readCheckpoint(trx, 'wants');
      if (comparePositionsFromStart(wantsAt, arrivals.at(-1)!.position) < 0) throw new WaitForReadModel('wants');
      const toRead = arrivals.filter((e) => e.type !== 'StockItemAdded').map((e) => e.streamId);
      const streams = toRead.length > 0 ? await store.readStreams([...new Set(toRead)]) : new Map<string, RecordedEvent[]>();
      const arrived = arrivals.flatMap((arrival) => {
        const fields = itemAt(arrival, streams);
        if (!fields) return [];
        const stockItemId = (arrival.data as { stockItemId: string }).stockItemId;
        return [{ arrival, fields, stockItemId, item: wantItemOf(stockItemId, fields) }];
      });
      if (arrived.length === 0) return;
      const wants = await candidates(
        trx,
        arrived.map((a) => a.item),
        arrivals.at(-1)!.position.globalPosition,
      );
      if (wants.length === 0) return;
      for (const { arrival, fields, stockItemId, item } of arrived) {
        const at = arrival.position.globalPosition;
        const matched = wants.filter((c) => c.addedPosition < at && wantMatches(c.want, item));
        const metadata: EventMetadata = {
          actor: { kind: 'system', name: WANTS_REACTOR },
          correlationId: arrival.metadata.correlationId,
          causationId: arrival.eventId,
          requestId: null,
          time: arrival.metadata.time,
        };
        for (const { userId, want } of matched) {
          await handle(
            deps,
            wantListDecider,
            wantListStream(userId),
            {
              type: 'AlertWant',
              alert: {
                userId,
                wantId: want.wantId,
                stockItemId,
                arrivalEventId: arrival.eventId,
                itemName: stockItemName(fields),
                url: itemPath({ stockItemId, ...fields }),
                priceCents: itemPriceCents({
                  srp: fields.srp,
                  priceOverride: fields.priceOverride,
                  discountPercent: fields.batch?.discountPercent ?? 0,
                }),
              },
            },
            metadata,
          );
        }
      }
    },
  };
}
