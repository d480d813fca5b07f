/**
 * The distributor order worksheet of one FOC date and one distributor (stream type 'focWorksheet',
 * `focWorksheet-{distributor}-{date}`): the admin's adjusted totals and every export made.
 * The worksheet's suggested figures (subscriptions, pre-orders, shelf) are read, not recorded; only
 * what the admin decides is an event.
 */
import { DomainError, type Decider } from '../shared/decider.ts';
import type { DomainEvent } from '../shared/events.ts';

export const MAX_FOC_TOTAL = 9999;

export interface AdjustedTotal {
  stockId: string;
  comicId: string;
  title: string;
  /** The copies to order; null takes the adjustment away (the suggested total applies again). */
  total: number | null;
  previousTotal: number | null;
}

export interface ExportedLine {
  stockId: string;
  comicId: string;
  title: string;
  total: number;
}

export type FocTotalsAdjusted = DomainEvent<'FocTotalsAdjusted', { date: string; distributor: string; totals: AdjustedTotal[] }>;
/** An export of the worksheet: who, when (`at`), the file and every line it held. */
export type FocOrderExported = DomainEvent<
  'FocOrderExported',
  {
    date: string;
    distributor: string;
    exportId: string;
    at: string;
    byUserId: string;
    byEmail: string;
    fileName: string;
    lines: ExportedLine[];
  }
>;
export type FocWorksheetEvent = FocTotalsAdjusted | FocOrderExported;
export const FOC_WORKSHEET_EVENT_TYPES = ['FocTotalsAdjusted', 'FocOrderExported'] as const;

export type AdjustTotals = {
  type: 'AdjustTotals';
  data: { date: string; distributor: string; totals: Array<Omit<AdjustedTotal, 'previousTotal'>> };
};
export type RecordExport = { type: 'RecordExport'; data: FocOrderExported['data'] };
export type FocWorksheetCommand = AdjustTotals | RecordExport;

export interface FocWorksheetState {
  /** stockId -> the admin's total. */
  adjusted: ReadonlyMap<string, number>;
  exports: ReadonlyArray<FocOrderExported['data']>;
}

export const focWorksheetStreamId = (distributor: string, date: string): string => `focWorksheet-${distributor}-${date}`;

export function decideFocWorksheet(command: FocWorksheetCommand, state: FocWorksheetState): FocWorksheetEvent[] {
  if (command.type === 'RecordExport') {
    if (state.exports.some((e) => e.exportId === command.data.exportId)) return [];
    return [{ type: 'FocOrderExported', data: command.data }];
  }
  const { date, distributor, totals } = command.data;
  const changed: AdjustedTotal[] = [];
  for (const line of totals) {
    if (line.total !== null && (!Number.isSafeInteger(line.total) || line.total < 0 || line.total > MAX_FOC_TOTAL)) {
      throw new DomainError(`The total of ${line.title} must be a whole number from 0 to ${MAX_FOC_TOTAL}`, 'invalid');
    }
    const previousTotal = state.adjusted.get(line.stockId) ?? null;
    if (previousTotal !== line.total) changed.push({ ...line, previousTotal });
  }
  return changed.length === 0 ? [] : [{ type: 'FocTotalsAdjusted', data: { date, distributor, totals: changed } }];
}

export function evolveFocWorksheet(state: FocWorksheetState, event: FocWorksheetEvent): FocWorksheetState {
  if (event.type === 'FocOrderExported') return { ...state, exports: [...state.exports, event.data] };
  const adjusted = new Map(state.adjusted);
  for (const t of event.data.totals) {
    if (t.total === null) adjusted.delete(t.stockId);
    else adjusted.set(t.stockId, t.total);
  }
  return { ...state, adjusted };
}

export const focWorksheetDecider: Decider<FocWorksheetCommand, FocWorksheetEvent, FocWorksheetState> = {
  streamType: 'focWorksheet',
  initialState: () => ({ adjusted: new Map(), exports: [] }),
  decide: decideFocWorksheet,
  evolve: evolveFocWorksheet,
};
