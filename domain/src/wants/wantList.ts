/**
 * A customer's want list (issue 18), stream `wantlist-{userId}`: the wants they added and removed,
 * and the back-in-stock alerts sent for them, one per want per arrival (an arrival is a stock
 * event that brought a matching item into stock; its event id makes the alert idempotent, so a
 * replayed reactor or a re-run import never alerts twice).
 */
import { z } from 'zod';
import { entityIdSchema } from '../catalogue/schemas.ts';
import { gradeSchema } from '../catalogue/condition.ts';
import { DomainError, type Decider } from '../shared/decider.ts';
import type { DomainEvent } from '../shared/events.ts';

/** At most this many wants on one list. */
export const MAX_WANTS = 200;

export interface Want {
  wantId: string;
  seriesId?: string | null;
  title?: string | null;
  issueNumber?: string | null;
  gradeMin?: number | null;
  stockId?: string | null;
  /** ISO instant. */
  createdAt: string;
}

export const issueNumberSchema = z
  .string({ required_error: 'Issue number is required', invalid_type_error: 'Issue number must be text' })
  .trim()
  .min(1, 'Issue number is required')
  .max(12, 'Issue number can be at most 12 characters')
  .regex(/^#?[0-9A-Za-z./½-]+$/, 'Issue number may contain only letters, digits, ".", "/" and "-"');

/** POST /want-list body: `{ stockId }` ("Notify me"), or `{ seriesId | title, issueNumber, gradeMin? }`. */
export const wantInputSchema = z.union(
  [
    z.object({ stockId: entityIdSchema }).strict(),
    z
      .object({
        seriesId: entityIdSchema.optional(),
        title: z
          .string({ invalid_type_error: 'Title must be text' })
          .trim()
          .min(1, 'Title is required')
          .max(200, 'Title can be at most 200 characters')
          .optional(),
        issueNumber: z.preprocess((v) => (typeof v === 'number' ? String(v) : v), issueNumberSchema),
        gradeMin: z.preprocess((v) => (v === '' ? null : v), gradeSchema('Minimum grade').nullish()),
      })
      .strict()
      .refine((w) => Boolean(w.seriesId) !== Boolean(w.title), { message: 'Name a series or a title (one of them), with an issue number' }),
  ],
  {
    // The problem of the kind of want the body looks like: a grade off the scale says so.
    errorMap: (issue, ctx) => {
      if (issue.code !== 'invalid_union') return { message: ctx.defaultError };
      const data = ctx.data as Record<string, unknown> | null;
      if (!data || typeof data !== 'object' || Object.keys(data).length === 0) {
        return { message: 'A want is { stockId } or { seriesId | title, issueNumber, gradeMin? }' };
      }
      const branch = issue.unionErrors['stockId' in data ? 0 : 1];
      return { message: branch?.issues[0]?.message ?? ctx.defaultError };
    },
  },
);
export type WantInput = z.output<typeof wantInputSchema>;

export type WantAdded = DomainEvent<'WantAdded', { userId: string } & Want>;
export type WantRemoved = DomainEvent<'WantRemoved', { userId: string; wantId: string }>;
/** A back-in-stock alert: what the email says, decided once per want and arrival. */
export type WantAlerted = DomainEvent<
  'WantAlerted',
  {
    userId: string;
    wantId: string;
    stockItemId: string;
    /** The stock event that brought the item into stock. */
    arrivalEventId: string;
    itemName: string;
    /** The item page's path. */
    url: string;
    priceCents: number;
  }
>;
export type WantListEvent = WantAdded | WantRemoved | WantAlerted;
export const WANT_LIST_EVENT_TYPES = ['WantAdded', 'WantRemoved', 'WantAlerted'] as const;

export type AddWant = { type: 'AddWant'; userId: string; want: Want };
export type RemoveWant = { type: 'RemoveWant'; userId: string; wantId: string };
export type AlertWant = { type: 'AlertWant'; alert: WantAlerted['data'] };
export type WantListCommand = AddWant | RemoveWant | AlertWant;

export interface WantListState {
  /** In the order added. */
  wants: readonly Want[];
  /** `${wantId} ${arrivalEventId}` of every alert decided. */
  alerted: ReadonlySet<string>;
}

export const WANT_NOT_FOUND = 'That want is not on your list';

const sameTarget = (a: Want, b: Want) =>
  (a.stockId ?? null) === (b.stockId ?? null) &&
  (a.seriesId ?? null) === (b.seriesId ?? null) &&
  (a.title ?? '').toLowerCase() === (b.title ?? '').toLowerCase() &&
  (a.issueNumber ?? '').toLowerCase() === (b.issueNumber ?? '').toLowerCase() &&
  (a.gradeMin ?? null) === (b.gradeMin ?? null);

export const wantListDecider: Decider<WantListCommand, WantListEvent, WantListState> = {
  streamType: 'wantlist',
  initialState: () => ({ wants: [], alerted: new Set() }),
  decide(command, state) {
    switch (command.type) {
      case 'AddWant': {
        if (state.wants.some((w) => sameTarget(w, command.want))) throw new DomainError('That want is already on your list', 'conflict');
        if (state.wants.length >= MAX_WANTS) throw new DomainError(`A want list holds at most ${MAX_WANTS} wants`, 'conflict');
        return [{ type: 'WantAdded', data: { userId: command.userId, ...command.want } }];
      }
      case 'RemoveWant': {
        if (!state.wants.some((w) => w.wantId === command.wantId)) throw new DomainError(WANT_NOT_FOUND, 'not-found');
        return [{ type: 'WantRemoved', data: { userId: command.userId, wantId: command.wantId } }];
      }
      case 'AlertWant': {
        const { wantId, arrivalEventId } = command.alert;
        // A want removed meanwhile, or an arrival already alerted: nothing to send.
        if (!state.wants.some((w) => w.wantId === wantId) || state.alerted.has(`${wantId} ${arrivalEventId}`)) return [];
        return [{ type: 'WantAlerted', data: command.alert }];
      }
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'WantAdded': {
        const { userId: _userId, ...want } = event.data;
        return { ...state, wants: [...state.wants, want] };
      }
      case 'WantRemoved':
        return { ...state, wants: state.wants.filter((w) => w.wantId !== event.data.wantId) };
      case 'WantAlerted':
        return { ...state, alerted: new Set(state.alerted).add(`${event.data.wantId} ${event.data.arrivalEventId}`) };
    }
  },
};
