/**
 * A deterministic, realistic demo catalogue: batches of every type and their stock items, shaped
 * like BatchCreated and StockItemAdded event data. Same seed and `now` -> same catalogue.
 */
import type { BatchCreated } from '@shop/domain/catalogue/batchEvents';
import {
  DEMO_ACCESSORIES,
  DEMO_BACK_ISSUE_SOURCES,
  DEMO_BACK_VARIANTS,
  DEMO_COVER_ARTISTS,
  DEMO_GAMES,
  DEMO_KEY_ISSUES,
  DEMO_NEW_SRPS,
  DEMO_NEW_VARIANTS,
  DEMO_SERIES,
  type DemoProduct,
  type DemoSeries,
} from './demoData.ts';
import type { BatchType, ItemType, PeriodType, SupplierType } from '@shop/domain/catalogue/knownLists';
import { itemPriceCents } from '@shop/domain/catalogue/pricing';
import { GRADES } from '@shop/domain/catalogue/condition';
import { createPrng, type Prng } from './prng.ts';
import type { StockItemAdded, StockItemFields } from '@shop/domain/catalogue/stockItemEvents';
import { ISSUE_FIELD_DEFAULTS } from '@shop/domain/catalogue/stockItemFields';
import { issueOfTitle } from '@shop/domain/series/issueOfTitle';
import { seriesIdFor } from '@shop/domain/series/seriesKey';
import type { SeriesStarted } from '@shop/domain/series/seriesEvents';
import { defaultUploadBatchName, MONTH_ABBREVIATIONS, shopMonth } from '@shop/domain/catalogue/supplierDates';

export type DemoBatch = BatchCreated['data'];
export type DemoStockItem = StockItemAdded['data'];
/** A series the demo's comics belong to (its SeriesStarted data). */
export type DemoSeriesStart = SeriesStarted['data'];

export interface DemoCatalogue {
  /** The series of the comics, started before them (ids from seriesIdFor, as an import gives). */
  series: DemoSeriesStart[];
  batches: DemoBatch[];
  stockItems: DemoStockItem[];
}

export interface DemoCatalogueOptions {
  seed: number | string;
  /** How many stock items to generate. */
  items: number;
  now: Date;
}

/** Shares of the catalogue by kind; new comics take the rest. */
const SHARE = { game: 0.04, accessory: 0.02, preOrder: 0.12, key: 0.01, backIssue: 0.33 };
const NEW_ITEMS_PER_MONTH = 2500;
const BACK_ITEMS_PER_BATCH = 3000;
const PRE_ITEMS_PER_MONTH = 5000;

type ItemSpec = Partial<StockItemFields> & Pick<StockItemFields, 'comicId' | 'mainDescription'>;

const OLD_BACK_ISSUE_SRPS = [125, 150, 195, 225];
const RECENT_BACK_ISSUE_SRPS = [299, 399, 499];
/** The shop's back-issue prices: whole dollars less 5 cents. */
const BACK_ISSUE_PRICES = [395, 495, 595, 795, 995, 1195, 1495, 1995, 2495];
const BACK_ISSUE_QUANTITIES: readonly (readonly [number, number])[] = [
  [1, 60],
  [2, 25],
  [3, 10],
  [4, 5],
];

const NEW_QUANTITIES: readonly (readonly [number, number])[] = [
  [1, 25],
  [2, 30],
  [3, 20],
  [4, 10],
  [5, 8],
  [6, 4],
  [8, 2],
  [10, 1],
];

interface Month {
  month: number;
  year: number;
}

function addMonths({ month, year }: Month, delta: number): Month {
  const index = year * 12 + (month - 1) + delta;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

function isoDay({ month, year }: Month, day: number): string {
  return new Date(Date.UTC(year, month - 1, day)).toISOString();
}

function monthCode({ month, year }: Month): string {
  return `${MONTH_ABBREVIATIONS[month - 1] ?? 'JAN'}${String(year % 100).padStart(2, '0')}`;
}

/** Diamond-style ids, unique across the catalogue: 'NOV260123' = month, year, 4-digit sequence. */
class ComicIdAllocator {
  private readonly next = new Map<string, number>();
  private readonly other = new Map<string, number>();

  constructor(private readonly prng: Prng) {}

  diamond(month: Month): string | null {
    const prefix = monthCode(month);
    const seq = this.next.get(prefix) ?? this.prng.int(1, 40);
    if (seq > 9999) return null;
    this.next.set(prefix, seq + 1);
    return `${prefix}${String(seq).padStart(4, '0')}`;
  }

  /** Tries `month` first, then earlier months, until a month has room. */
  diamondFrom(month: Month): string {
    for (let back = 0; ; back++) {
      const id = this.diamond(addMonths(month, -back));
      if (id) return id;
    }
  }

  /** 'LPG00001', 'BCW00001': distributor-style codes for games and accessories. */
  sequence(prefix: string): string {
    const seq = (this.other.get(prefix) ?? 0) + 1;
    this.other.set(prefix, seq);
    return `${prefix}${String(seq).padStart(5, '0')}`;
  }
}

const SPARE_PLAIN = [
  'Cover A',
  'Cover B',
  'Cover C',
  'Cover D',
  'Cover E',
  'Cover F',
  'Second Printing',
  'Third Printing',
  'Foil Variant',
  'Virgin Variant',
  'Blank Sketch Cover',
  '1:10 Incentive',
  '1:25 Incentive',
  '1:50 Incentive Variant',
  '1:100 Incentive Variant',
];

/**
 * The n-th spare variant of a title, for when the one drawn is taken: plain kinds first, then an
 * artist's cover for each cover artist, then numbered retailer exclusives (never running out).
 */
function spareVariant(n: number): { variant: string; artist: string | null } {
  if (n < SPARE_PLAIN.length) return { variant: SPARE_PLAIN[n]!, artist: null };
  const k = n - SPARE_PLAIN.length;
  const letters = 'BCDEFGHIJKLMNOPQRSTUVWXYZ'.split('');
  if (k < letters.length * DEMO_COVER_ARTISTS.length) {
    const artist = DEMO_COVER_ARTISTS[k % DEMO_COVER_ARTISTS.length]!;
    return { variant: `Cover ${letters[Math.floor(k / DEMO_COVER_ARTISTS.length)]} ${artist} Variant`, artist };
  }
  return { variant: `Retailer Exclusive Variant ${k - letters.length * DEMO_COVER_ARTISTS.length + 1}`, artist: null };
}

function counts(items: number) {
  let left = Math.max(0, Math.floor(items));
  const take = (share: number, minimum: number) => {
    const n = Math.min(left, Math.max(minimum, Math.round(items * share)));
    left -= n;
    return n;
  };
  const game = take(SHARE.game, 1);
  const accessory = take(SHARE.accessory, 1);
  const preOrder = take(SHARE.preOrder, 1);
  const key = take(SHARE.key, 1);
  const backIssue = take(SHARE.backIssue, 1);
  return { game, accessory, preOrder, key, backIssue, newComic: left };
}

/** The step of the 10-point scale closest to `value`. */
function nearestGrade(value: number): number {
  return GRADES.reduce((best, g) => (Math.abs(g - value) < Math.abs(best - value) ? g : best), GRADES[0]!);
}

export function generateDemoCatalogue({ seed, items, now }: DemoCatalogueOptions): DemoCatalogue {
  const prng = createPrng(seed);
  // Comic ids draw from their own generator: how many months the ids span (finished runs have fixed
  // dates) then never shifts the other draws, so a seed fills the shelves alike whatever `now` is.
  const ids = new ComicIdAllocator(createPrng(`${seed} comic ids`));
  const n = counts(items);
  const current = shopMonth(now);
  const batches: DemoBatch[] = [];
  const stockItems: DemoStockItem[] = [];
  const seriesById = new Map<string, DemoSeriesStart>();
  // New comics and pre-orders come from the running series; back issues from every series, finished runs too.
  const seriesChoices = DEMO_SERIES.filter((s) => !s.ended).map((s) => [s, s.weight] as const);
  const backSeriesChoices = DEMO_SERIES.map((s) => [s, s.weight] as const);

  function batch(
    name: string,
    type: BatchType,
    itemType: ItemType,
    periodType: PeriodType,
    supplierType: SupplierType,
    publishDate: string,
    extra: Partial<DemoBatch> = {},
  ): DemoBatch {
    const created: DemoBatch = {
      batchId: prng.uuid(),
      name,
      type,
      itemType,
      periodType,
      supplierType,
      publishDate,
      cutOffDate: null,
      discountPercent: 0,
      value: 0,
      hideHomePage: false,
      default: false,
      ...extra,
    };
    batches.push(created);
    return created;
  }

  /** One stock item; every field is written out in one literal so all items share one shape. */
  function item(of: DemoBatch, f: ItemSpec): void {
    const number = f.number ?? 1;
    const salesQuantity = f.salesQuantity ?? 0;
    const srp = f.srp ?? 0;
    const priceOverride = f.priceOverride ?? 0;
    const unitPrice = itemPriceCents({ srp, priceOverride, discountPercent: of.discountPercent });
    const hasImage = f.hasImage ?? false;
    stockItems.push({
      stockItemId: prng.uuid(),
      comicId: f.comicId,
      itemType: of.itemType,
      periodType: f.periodType ?? of.periodType,
      supplierType: of.supplierType,
      mainDescription: f.mainDescription,
      variantDescription: f.variantDescription ?? '',
      publisher: f.publisher ?? '',
      srp,
      priceOverride,
      number,
      initialQuantity: number + salesQuantity,
      salesQuantity,
      salesValue: salesQuantity * unitPrice,
      releaseMonth: f.releaseMonth ?? 0,
      releaseYear: f.releaseYear ?? 0,
      writer: f.writer ?? '',
      artist: f.artist ?? '',
      coverArtist: f.coverArtist ?? '',
      selected: f.selected ?? false,
      images: hasImage && prng.chance(0.1) ? [{ imageId: `${f.comicId}-2` }] : [],
      hasImage,
      pnp: f.pnp ?? 0,
      batch: { batchId: of.batchId, batchName: of.name, batchDate: of.publishDate, discountPercent: of.discountPercent },
      key: f.key ?? false,
      condition: f.condition ?? null,
      keyNotes: f.keyNotes ?? '',
      ebaySku: f.ebaySku ?? null,
      ebayListingId: f.ebayListingId ?? null,
      ...ISSUE_FIELD_DEFAULTS,
      ...(of.itemType === 'comic' ? issueFieldsOf(f) : {}),
    });
  }

  /** A comic's series, issue number, cover and printing, read from its title as an import reads a supplier's (no PRNG draw). */
  function issueFieldsOf(f: ItemSpec): Partial<StockItemFields> {
    const issue = issueOfTitle(`${f.mainDescription} ${f.variantDescription ?? ''}`);
    if (!issue.seriesTitle) return {};
    const seriesId = seriesIdFor(issue.seriesTitle);
    if (!seriesById.has(seriesId))
      seriesById.set(seriesId, { seriesId, title: issue.seriesTitle, publisher: f.publisher ?? '', volume: null });
    return { seriesId, seriesTitle: issue.seriesTitle, issueNumber: issue.issueNumber, cover: issue.cover, printing: issue.printing };
  }

  function variantText(choices: readonly (readonly [string, number])[]): { variant: string; artist: string | null } {
    const pattern = prng.weighted(choices);
    if (!pattern.includes('{artist}')) return { variant: pattern, artist: null };
    const artist = prng.pick(DEMO_COVER_ARTISTS);
    return { variant: pattern.replace('{artist}', artist), artist };
  }

  // Each item of one title is a different cover of it (a shop lists one item per cover, its copies
  // in `number`): a variant already used for the title is replaced by the next free one, without
  // drawing from the PRNG, so the rest of the catalogue stays as it was.
  const usedVariants = new Map<string, { used: Set<string>; cursor: number }>();
  function distinctVariant(title: string, wanted: { variant: string; artist: string | null }): { variant: string; artist: string | null } {
    let entry = usedVariants.get(title);
    if (!entry) usedVariants.set(title, (entry = { used: new Set(), cursor: 0 }));
    let chosen = wanted;
    if (entry.used.has(chosen.variant)) {
      for (;;) {
        const next = spareVariant(entry.cursor++);
        if (!entry.used.has(next.variant)) {
          chosen = next;
          break;
        }
      }
    }
    entry.used.add(chosen.variant);
    return chosen;
  }

  /** A key issue's note; a second copy of one key issue says which copy it is. */
  function keyCopyNote(title: string, note: string): string {
    let entry = usedVariants.get(title);
    if (!entry) usedVariants.set(title, (entry = { used: new Set(), cursor: 0 }));
    let chosen = note;
    for (let copy = 2; entry.used.has(chosen); copy++) chosen = `${note} (copy ${copy})`;
    entry.used.add(chosen);
    return chosen;
  }

  function comic(series: DemoSeries, issue: number, release: Month, comicId: string, variants: typeof DEMO_NEW_VARIANTS): ItemSpec {
    const { variant, artist } = distinctVariant(`${series.title} #${issue}`, variantText(variants));
    const interiorArtist = prng.pick(series.artists);
    return {
      comicId,
      mainDescription: `${series.title} #${issue}`,
      variantDescription: variant,
      publisher: series.publisher,
      writer: prng.pick(series.writers),
      artist: interiorArtist,
      coverArtist: artist ?? interiorArtist,
      releaseMonth: release.month,
      releaseYear: release.year,
    };
  }

  // ---- New comics: one Diamond batch per month, newest first ----
  const newMonths = Math.min(60, Math.max(3, Math.ceil(n.newComic / NEW_ITEMS_PER_MONTH)));
  const diamondBatches = Array.from({ length: newMonths }, (_, back) => {
    const month = addMonths(current, -back);
    const name = defaultUploadBatchName(new Date(Date.UTC(month.year, month.month - 1, 15)));
    return {
      month,
      back,
      of: batch(name, 'diamond', 'comic', 'new', 'diamond', isoDay(month, 5), { default: back === 0, hideHomePage: back >= 3 }),
    };
  });
  const monthChoices = diamondBatches.map((b) => [b, newMonths - b.back] as const);
  for (let i = 0; i < n.newComic; i++) {
    const { month, back, of } = prng.weighted(monthChoices);
    const series = prng.weighted(seriesChoices);
    const issue = Math.max(1, series.latestIssue - back);
    const salesQuantity = prng.chance(0.35) ? prng.int(1, 3) : 0;
    const spec = comic(series, issue, month, ids.diamondFrom(month), DEMO_NEW_VARIANTS);
    spec.srp = prng.weighted(DEMO_NEW_SRPS);
    spec.number = prng.weighted(NEW_QUANTITIES);
    spec.salesQuantity = salesQuantity;
    spec.hasImage = prng.chance(0.85);
    item(of, spec);
  }

  // ---- Pre-orders: one batch per coming month ----
  const preMonths = Math.min(6, Math.max(2, Math.ceil(n.preOrder / PRE_ITEMS_PER_MONTH)));
  const preBatches = Array.from({ length: preMonths }, (_, i) => {
    const month = addMonths(current, i + 1);
    const of = batch(`Pre-order ${monthCode(month)}`, 'pre', 'comic', 'pre-order', 'diamond', isoDay(current, 1), {
      cutOffDate: isoDay(addMonths(month, -1), 25),
    });
    return [{ month, ahead: i + 1, of }, preMonths - i] as const;
  });
  for (let i = 0; i < n.preOrder; i++) {
    const { month, ahead, of } = prng.weighted(preBatches);
    const series = prng.weighted(seriesChoices);
    const spec = comic(series, series.latestIssue + ahead, month, ids.diamondFrom(month), DEMO_NEW_VARIANTS);
    spec.srp = prng.weighted(DEMO_NEW_SRPS);
    spec.number = prng.int(1, 3);
    spec.selected = prng.chance(0.35);
    spec.hasImage = prng.chance(0.9);
    item(of, spec);
  }

  // ---- Back issues (and key issues) from collections, shop buyouts and auctions ----
  const backCount = Math.min(40, Math.max(2, Math.ceil((n.backIssue + n.key) / BACK_ITEMS_PER_BATCH)));
  const backBatches = Array.from({ length: backCount }, (_, i) => {
    const [place, supplier] = DEMO_BACK_ISSUE_SOURCES[i % DEMO_BACK_ISSUE_SOURCES.length] ?? ['Collection', 'local_person'];
    const round = Math.floor(i / DEMO_BACK_ISSUE_SOURCES.length);
    const published = new Date(now.getTime() - (i * 7 + 3) * 24 * 60 * 60 * 1000).toISOString();
    return batch(round === 0 ? place : `${place} ${round + 1}`, 'back', 'comic', 'back-issue', supplier, published, {
      discountPercent: i >= 2 && prng.chance(0.3) ? prng.pick([10, 20]) : 0,
      value: prng.int(40, 800) * 500,
      hideHomePage: i >= 4,
    });
  });
  const latestBack = addMonths(current, -2);
  for (let i = 0; i < n.backIssue; i++) {
    const of = prng.pick(backBatches);
    const series = prng.weighted(backSeriesChoices);
    // The newest issue in the boxes: a finished run's last one, else one from two months ago.
    const newest = series.ended ? series.latestIssue : series.latestIssue - 2;
    const issue = prng.int(1, Math.max(1, newest));
    const release = addMonths(series.ended ?? latestBack, -(newest - issue));
    const month = release.year < 1960 ? { month: release.month, year: 1960 } : release;
    const ebay = prng.chance(0.05);
    const comicId = ids.diamondFrom(month);
    const spec = comic(series, issue, month, comicId, DEMO_BACK_VARIANTS);
    spec.srp = month.year < 2000 ? prng.pick(OLD_BACK_ISSUE_SRPS) : prng.pick(RECENT_BACK_ISSUE_SRPS);
    spec.priceOverride = prng.pick(BACK_ISSUE_PRICES);
    spec.number = prng.weighted(BACK_ISSUE_QUANTITIES);
    spec.salesQuantity = prng.chance(0.1) ? 1 : 0;
    spec.hasImage = prng.chance(0.5);
    // A raw grade for every back issue, from its place (no draw: the rest of the catalogue is unchanged).
    spec.condition = { kind: 'raw', grade: GRADES[2 + ((i * 7) % 16)]! };
    spec.ebaySku = ebay ? comicId : null;
    spec.ebayListingId = ebay ? String(prng.int(100_000, 999_999)) + String(prng.int(100_000, 999_999)) : null;
    item(of, spec);
  }
  for (let i = 0; i < n.key; i++) {
    const of = prng.pick(backBatches);
    const key = prng.pick(DEMO_KEY_ISSUES);
    const month = { month: key.month, year: key.year };
    const grade = prng.int(6, 14) / 10;
    item(of, {
      comicId: ids.diamondFrom(month),
      mainDescription: `${key.title} #${key.issue}`,
      variantDescription: keyCopyNote(`${key.title} #${key.issue}`, key.note),
      publisher: key.publisher,
      writer: key.writer,
      artist: key.artist,
      coverArtist: key.artist,
      releaseMonth: key.month,
      releaseYear: key.year,
      periodType: key.year < 1985 ? 'vintage' : 'back-issue',
      srp: key.year < 1980 ? 25 : key.year < 1990 ? 100 : key.year < 2000 ? 195 : 299,
      priceOverride: Math.max(1, Math.round((key.priceCents * grade) / 500)) * 500 - 5,
      number: 1,
      key: true,
      // The price's grade factor (0.6..1.4) as a raw grade: 0.6 -> VG 4.0 ... 1.4 -> NM/M 9.8.
      condition: { kind: 'raw', grade: nearestGrade(4 + ((grade - 0.6) / 0.8) * 5.8) },
      keyNotes: key.note,
      hasImage: prng.chance(0.95),
    });
  }

  // ---- Games and accessories from Let's Play Games ----
  const products = (of: DemoBatch, count: number, catalogue: readonly DemoProduct[], prefix: string) => {
    for (let i = 0; i < count; i++) {
      const product = prng.pick(catalogue);
      item(of, {
        comicId: ids.sequence(prefix),
        mainDescription: product.name,
        publisher: product.publisher,
        srp: product.srp,
        priceOverride: product.srp,
        pnp: product.pnp,
        number: prng.int(1, 6),
        salesQuantity: prng.chance(0.2) ? prng.int(1, 2) : 0,
        hasImage: prng.chance(0.7),
        releaseMonth: current.month,
        releaseYear: current.year,
      });
    }
  };
  const monthAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000).toISOString();
  products(batch("Let's Play Games Restock", 'game', 'game', 'new', 'lpg', monthAgo(30)), n.game, DEMO_GAMES, 'LPG');
  products(batch('BCW Supplies', 'game', 'accessory', 'new', 'lpg', monthAgo(60)), n.accessory, DEMO_ACCESSORIES, 'BCW');

  // Supplier batches' purchase value: about half the cover price of every copy bought.
  const bought = new Map<string, number>();
  for (const s of stockItems) {
    if (s.batch) bought.set(s.batch.batchId, (bought.get(s.batch.batchId) ?? 0) + s.srp * s.initialQuantity);
  }
  for (const b of batches) {
    if (b.type !== 'back') b.value = Math.floor((bought.get(b.batchId) ?? 0) / 2);
  }
  return { series: [...seriesById.values()], batches, stockItems };
}
