/**
 * Supplier titles → series, issue number, cover and printing. Pure; used by the supplier imports
 * (Diamond, Lunar, PRH) and available to the admin form. The styles read:
 * - Diamond / Lunar (DC, Image, Boom, ...): "AMAZING SPIDER-MAN #12 CVR B ROMITA", "BATMAN #150 CVR E INC 1:25 MORA CARD STOCK VAR",
 *   "ABSOLUTE BATMAN #1 2ND PTG CVR A", "DEADPOOL #1 (OF 5)", "SAGA TP VOL 11 (MR)", mixed case from Lunar ("Batman #150 Cover A Jorge Jimenez");
 * - PRH (Marvel): "X-MEN #1 RYAN STEGMAN VARIANT [FHX]", "ULTIMATE X-MEN #1 PEACH MOMOKO 2ND PRINTING VARIANT",
 *   "AMAZING SPIDER-MAN #50 25 COPY INCV", "ULTIMATE SPIDER-MAN BY JONATHAN HICKMAN VOL. 1: MARRIED WITH CHILDREN".
 *
 * Readings (docs/pull-lists.md, "Decisions"): an annual belongs to its series with issue number
 * "Annual 1" (or "Annual 2025"); a one-shot's issue number is "One-Shot"; collected editions
 * (TP, HC, GN, omnibus, compendium) are series of their own ("Saga TP", issue "11"), so a pull list
 * of the monthly never reserves the trade; a ratio incentive's cover is "1:25" whatever its letter.
 */
import { VARIANT_COVER } from './covers.ts';

export type IssueKind = 'issue' | 'annual' | 'one-shot' | 'collected';

export interface ParsedTitle {
  seriesTitle: string;
  /** '12', '0', '1.1', '1.MU', '1/2', 'Annual 1', 'One-Shot', or '' when the title has none. */
  issueNumber: string;
  /** '' (the only or main cover), 'A', 'B', 'VAR', or '1:25' for a ratio incentive cover. */
  cover: string;
  /** 25 for a 1:25 incentive cover, else null. */
  ratio: number | null;
  /** 1 unless the title says "2ND PTG", "THIRD PRINTING", ... */
  printing: number;
  kind: IssueKind;
  /** 5 for "(OF 5)", else null. */
  limitedSeriesOf: number | null;
  /** A volume number written before the issue ("BATMAN VOL 3 #50"), else null. */
  volume: number | null;
  /** What the title says beyond series, issue, cover and printing (artists, "Card Stock Var"). */
  variant: string;
}

const ORDINALS: Record<string, number> = {
  FIRST: 1,
  SECOND: 2,
  THIRD: 3,
  FOURTH: 4,
  FIFTH: 5,
  SIXTH: 6,
  SEVENTH: 7,
  EIGHTH: 8,
  NINTH: 9,
  TENTH: 10,
};
const COLLECTED_WORDS = /\b(TPB|TP|HC|GN|SC|OMNIBUS|OMNI|COMPENDIUM|HARDCOVER|GRAPHIC NOVEL|TRADE PAPERBACK)\b/i;
const VARIANT_WORDS = /\b(VAR|VARIANT|VIRGIN|FOIL|BLANK|SKETCH|HOMAGE|CONNECTING|FACSIMILE)\b/i;
const ACRONYMS = new Set([
  'TMNT',
  'BPRD',
  'DC',
  'IDW',
  'TP',
  'TPB',
  'HC',
  'GN',
  'SC',
  'JSA',
  'JLA',
  'USA',
  'UK',
  'GI',
  'II',
  'III',
  'IV',
  'VI',
  'VII',
  'VIII',
  'IX',
  'XI',
  'XII',
  'X-O',
  'AD',
  'DLX',
  'ED',
  'MCU',
  'AI',
  'NYX',
  'SHIELD',
  'BRZRKR',
  'DCEASED',
  'MODOK',
  'GTO',
  'TV',
  'WWE',
  'UFO',
]);
const SMALL_WORDS = new Set(['a', 'an', 'and', 'at', 'by', 'for', 'in', 'of', 'on', 'or', 'the', 'to', 'vs', 'with']);

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Leading zeros dropped from the whole part: "001" → "1", "0" stays "0". */
function issueNumberOf(token: string): string {
  const upper = token.toUpperCase();
  return upper.replace(/^0+(?=\d)/, '');
}

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();
}

/** "AMAZING SPIDER-MAN" → "Amazing Spider-Man"; a title already in mixed case is kept as written. */
export function titleCase(text: string): string {
  if (/[a-z]/.test(text)) return text;
  return text
    .split(' ')
    .map((word, i) => {
      if (ACRONYMS.has(word.replace(/[^A-Z0-9-]/g, ''))) return word;
      if (i > 0 && SMALL_WORDS.has(word.toLowerCase())) return word.toLowerCase();
      if (/^[^AEIOUY]{2,4}$/.test(word) && /^[A-Z]+$/.test(word)) return word; // DC, BPRD-like acronyms
      return word
        .split('-')
        .map((part) =>
          part
            .split("'")
            .map((p, j) => (j === 0 ? capitalise(p) : p.toLowerCase()))
            .join("'"),
        )
        .join('-');
    })
    .join(' ');
}

interface Taken {
  text: string;
  value: string | null;
}

/** The first match of `pattern` (its group 1, or the whole match) and the text without it. */
function take(text: string, pattern: RegExp): Taken {
  const match = pattern.exec(text);
  if (!match) return { text, value: null };
  return { text: squash(text.slice(0, match.index) + ' ' + text.slice(match.index + match[0].length)), value: match[1] ?? match[0] };
}

function takePrinting(text: string): { text: string; printing: number } {
  const numbered = take(text, /\b(\d{1,2})(?:ST|ND|RD|TH)\s+(?:PTG|PRINTING|PRINT)\b/i);
  if (numbered.value) return { text: numbered.text, printing: Number(numbered.value) };
  const worded = take(text, /\b(FIRST|SECOND|THIRD|FOURTH|FIFTH|SIXTH|SEVENTH|EIGHTH|NINTH|TENTH)\s+(?:PTG|PRINTING|PRINT)\b/i);
  if (worded.value) return { text: worded.text, printing: ORDINALS[worded.value.toUpperCase()] ?? 1 };
  const again = take(text, /\b(?:NEW|RE)\s*(?:PTG|PRINTING)\b/i);
  if (again.value) return { text: again.text, printing: 2 };
  return { text, printing: 1 };
}

function takeRatio(text: string): { text: string; ratio: number | null } {
  const forms = [
    /\b(?:INCV?|INCENTIVE|RI)?\s*1\s*(?::|IN|PER)\s*(\d{1,4})\b(?:\s+(?:INCV?|INCENTIVE|RATIO))?(?:\s+(?:VAR|VARIANT|CVR|COVER))?/i,
    /\b(\d{1,4})\s+COPY\s+(?:INCV?|INCENTIVE)\b(?:\s+(?:VAR|VARIANT|CVR|COVER))?/i,
  ];
  for (const form of forms) {
    const found = take(text, form);
    if (found.value && Number(found.value) > 1) return { text: found.text, ratio: Number(found.value) };
  }
  return { text, ratio: null };
}

/** Parenthesised and bracketed notes: "(OF 5)", "(ONE SHOT)", "(MR)", "(RES)", "(C: 1-0-0)", "[FHX]". */
function takeNotes(text: string): { text: string; limitedSeriesOf: number | null; oneShot: boolean } {
  let limitedSeriesOf: number | null = null;
  let oneShot = false;
  const rest = text.replace(/\[[^\]]*\]/g, ' ').replace(/\(([^)]*)\)/g, (_all, inner: string) => {
    const of = /^\s*OF\s+(\d{1,3})\s*$/i.exec(inner);
    if (of) limitedSeriesOf = Number(of[1]);
    if (/^\s*ONE[\s-]?SHOT\s*$/i.test(inner)) oneShot = true;
    return ' ';
  });
  return { text: squash(rest), limitedSeriesOf, oneShot };
}

function takeLetterCover(text: string): Taken {
  return take(text, /\b(?:CVR|COVER)\s+([A-Z]{1,2})\b/i);
}

const cleanTitle = (text: string) => squash(text.replace(/[\s:,;.\-–]+$/, '').replace(/^[\s:,;.\-–]+/, ''));

/** The parts of the title after the issue number: cover, variant words. */
function coverOf(rest: string, ratio: number | null): { cover: string; variant: string } {
  const lettered = takeLetterCover(rest);
  const variant = cleanTitle(lettered.text);
  if (ratio !== null) return { cover: `1:${ratio}`, variant: cleanTitle(rest) };
  if (lettered.value) return { cover: lettered.value.toUpperCase(), variant };
  if (VARIANT_WORDS.test(rest)) return { cover: VARIANT_COVER, variant };
  return { cover: '', variant };
}

/** The annual's issue number, and the series part without "ANNUAL" (and its year). */
function annualOf(series: string, issue: string): { series: string; issueNumber: string } | null {
  const match = /\b(?:(\d{4})\s+)?ANNUAL\b(?:\s+(\d{4}))?/i.exec(series);
  if (!match) return null;
  const year = match[1] ?? match[2];
  const rest = cleanTitle(series.slice(0, match.index) + ' ' + series.slice(match.index + match[0].length));
  const label = year ? (issue === '' || issue === '1' ? `Annual ${year}` : `Annual ${year} ${issue}`) : `Annual ${issue || '1'}`;
  return { series: rest, issueNumber: label };
}

/** "... VOL 3" at the end of the series part of a numbered title: the volume, and the series without it. */
function volumeOf(series: string): { series: string; volume: number | null } {
  const match = /\bVOL(?:UME)?\.?\s*(\d{1,4})$/i.exec(series);
  if (!match) return { series, volume: null };
  return { series: cleanTitle(series.slice(0, match.index)), volume: Number(match[1]) };
}

function collectedOf(text: string, base: Omit<ParsedTitle, 'seriesTitle' | 'issueNumber' | 'kind' | 'variant'>): ParsedTitle | null {
  const vol = /\bVOL(?:UME)?\.?\s*(\d{1,4})\b/i.exec(text);
  const format = COLLECTED_WORDS.exec(text);
  const formatAfterVol = vol ? COLLECTED_WORDS.exec(text.slice(vol.index + vol[0].length)) : null;
  if (!vol && !format) return null;
  let series: string;
  let variant: string;
  let issueNumber = '';
  if (vol) {
    series = cleanTitle(text.slice(0, vol.index));
    variant = cleanTitle(text.slice(vol.index + vol[0].length));
    issueNumber = issueNumberOf(vol[1]!);
    if (formatAfterVol) {
      series = `${series} ${formatAfterVol[1]!.toUpperCase()}`;
      variant = cleanTitle(variant.replace(COLLECTED_WORDS, ' '));
    }
  } else {
    const at = format!.index + format![0].length;
    series = cleanTitle(text.slice(0, at));
    variant = cleanTitle(text.slice(at));
  }
  return { ...base, seriesTitle: titleCase(series), issueNumber, kind: 'collected', variant: titleCase(variant), cover: '', ratio: null };
}

/** A supplier's title read as series, issue, cover and printing (see the module comment for the styles). */
export function parseSupplierTitle(title: string): ParsedTitle {
  const notes = takeNotes(squash(title));
  const printed = takePrinting(notes.text);
  const rationed = takeRatio(printed.text);
  const text = rationed.text;
  const base = { printing: printed.printing, ratio: rationed.ratio, limitedSeriesOf: notes.limitedSeriesOf, volume: null, cover: '' };

  const issue = /#\s*(\d+(?:[./]\d+)?(?:\.[A-Z]{1,4})?[A-Z]?|[A-Z]{1,4})\b/i.exec(text);
  if (!issue) {
    const oneShot = take(text, /\bONE[\s-]?SHOT\b/i);
    if (oneShot.value || notes.oneShot)
      return { ...base, ...seriesAndCover(oneShot.text, rationed.ratio), issueNumber: 'One-Shot', kind: 'one-shot' };
    const collected = collectedOf(text, base);
    if (collected) return collected;
    return { ...base, ...seriesAndCover(text, rationed.ratio), issueNumber: '', kind: 'issue' };
  }

  let series = cleanTitle(text.slice(0, issue.index));
  let issueNumber = issueNumberOf(issue[1]!);
  const rest = text.slice(issue.index + issue[0].length);
  const { cover, variant } = coverOf(rest, rationed.ratio);
  let kind: IssueKind = 'issue';
  const volume = volumeOf(series);
  series = volume.series;
  const annual = annualOf(series, issueNumber);
  const oneShotInSeries = take(series, /\bONE[\s-]?SHOT\b/i);
  if (annual) {
    series = annual.series;
    issueNumber = annual.issueNumber;
    kind = 'annual';
  } else if (notes.oneShot || oneShotInSeries.value) {
    series = cleanTitle(oneShotInSeries.text);
    issueNumber = 'One-Shot';
    kind = 'one-shot';
  } else if (COLLECTED_WORDS.test(series)) {
    kind = 'collected';
  }
  return { ...base, volume: volume.volume, seriesTitle: titleCase(series), issueNumber, kind, cover, variant: titleCase(variant) };
}

/** A title without an issue number: the series up to its "CVR x", the cover from there on. */
function seriesAndCover(text: string, ratio: number | null): Pick<ParsedTitle, 'seriesTitle' | 'cover' | 'variant'> {
  const at = /\b(?:CVR|COVER)\s+[A-Z]{1,2}\b/i.exec(text);
  const series = at ? text.slice(0, at.index) : text;
  const { cover, variant } = at ? coverOf(text.slice(at.index), ratio) : { cover: ratio ? `1:${ratio}` : '', variant: '' };
  return { seriesTitle: titleCase(cleanTitle(series)), cover, variant: titleCase(variant) };
}
