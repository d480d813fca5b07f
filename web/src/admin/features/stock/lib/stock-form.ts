/** The stock form (admin spec section 2 'Stock form' and section 4): variants, values, reset and payload. */
import type { AdminComic, StockItemPayload, SupplierType } from '../../../types';
import { centsToInput, parseDollars, parseWholeNumber } from '../../../lib/quantity';
import { type StockVariant, SUPPLIER_CHOICES, VARIANTS, batchIdOf, variantForItem } from '../../../lib/variants';

/** What the form's inputs hold (text, as typed). Money fields are dollars. */
export interface StockFormValues {
  mainDescription: string;
  variantDescription: string;
  comicId: string;
  publisher: string;
  batchId: string;
  supplierType: SupplierType;
  releaseMonth: string;
  releaseYear: string;
  srp: string;
  priceOverride: string;
  pnp: string;
  number: string;
  initialQuantity: string;
  salesQuantity: string;
  writer: string;
  artist: string;
  coverArtist: string;
  key: boolean;
  selected: boolean;
  images: string[];
  /** The item's series: its id while the title typed is the series' own; '' once the title is changed (the server finds or starts it). */
  seriesId: string;
  seriesTitle: string;
  issueNumber: string;
  cover: string;
  printing: string;
  /** 'YYYY-MM-DD' or '' (the date inputs' values). */
  focDate: string;
  releaseDate: string;
  upc: string;
}

export function emptyStockForm(variant: StockVariant, batchId = ''): StockFormValues {
  return {
    mainDescription: '',
    variantDescription: '',
    comicId: '',
    publisher: '',
    batchId,
    supplierType: VARIANTS[variant].supplierType,
    releaseMonth: '0',
    releaseYear: '',
    srp: '',
    priceOverride: '',
    pnp: '',
    number: '1',
    initialQuantity: '1',
    salesQuantity: '0',
    writer: '',
    artist: '',
    coverArtist: '',
    key: false,
    selected: false,
    images: [],
    ...EMPTY_ISSUE_FIELDS,
  };
}

const EMPTY_ISSUE_FIELDS = {
  seriesId: '',
  seriesTitle: '',
  issueNumber: '',
  cover: '',
  printing: '1',
  focDate: '',
  releaseDate: '',
  upc: '',
};

export function formFromItem(item: AdminComic): StockFormValues {
  const variant = variantForItem(item);
  return {
    mainDescription: item.mainDescription ?? '',
    variantDescription: item.variantDescription ?? '',
    comicId: item.comicId ?? '',
    publisher: item.publisher ?? '',
    batchId: batchIdOf(item) ?? '',
    supplierType: item.supplierType ?? VARIANTS[variant].supplierType,
    releaseMonth: String(item.releaseMonth ?? 0),
    releaseYear: item.releaseYear ? String(item.releaseYear) : '',
    srp: centsToInput(item.srp),
    priceOverride: centsToInput(item.priceOverride),
    pnp: centsToInput(item.pnp),
    number: String(item.number ?? 0),
    initialQuantity: String(item.initialQuantity ?? 1),
    salesQuantity: String(item.salesQuantity ?? 0),
    writer: item.writer ?? '',
    artist: item.artist ?? '',
    coverArtist: item.coverArtist ?? '',
    key: Boolean(item.key),
    selected: Boolean(item.selected),
    images: (item.images ?? []).map((image) => image.imageId).filter(Boolean),
    seriesId: item.seriesId ?? '',
    seriesTitle: item.seriesTitle ?? '',
    issueNumber: item.issueNumber ?? '',
    cover: item.cover ?? '',
    printing: String(item.printing ?? 1),
    focDate: item.focDate ?? '',
    releaseDate: item.releaseDate ?? '',
    upc: item.upc ?? '',
  };
}

/**
 * The series part of the body: the item's series by id while its title is unchanged, else the
 * typed title (an unknown title starts a series on the server; blank takes the item out of its series).
 */
export function seriesPayload(values: Pick<StockFormValues, 'seriesId' | 'seriesTitle'>): { seriesId: string | null; seriesTitle: string } {
  return values.seriesId ? { seriesId: values.seriesId, seriesTitle: '' } : { seriesId: null, seriesTitle: values.seriesTitle.trim() };
}

/**
 * A copied item (navigation state of the add forms): the same description, publisher, batch,
 * prices and credits, as a new item: no image ids, one copy, none sold.
 */
export function formFromCopy(item: AdminComic): StockFormValues {
  return { ...formFromItem(item), comicId: '', images: [], number: '1', initialQuantity: '1', salesQuantity: '0', selected: false };
}

/** "Amazing Spider-Man #12" -> "Amazing Spider-Man #13"; "#009" -> "#010"; no trailing #number: unchanged. */
export function nextDescription(description: string): string {
  const match = /^(.*#)(\d+)(\s*)$/.exec(description);
  if (!match) return description;
  const [, head = '', digits = '0'] = match;
  const next = String(Number(digits) + 1).padStart(digits.length, '0');
  return `${head}${next}`;
}

/** After a successful add: keep everything, the description's trailing #number incremented, comicId and images cleared. */
export function resetAfterAdd(values: StockFormValues): StockFormValues {
  return { ...values, mainDescription: nextDescription(values.mainDescription), comicId: '', images: [] };
}

export type StockFormErrors = Partial<Record<keyof StockFormValues, string>>;

const IMAGE_ID = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

export function isValidImageId(id: string): boolean {
  return id.length <= 64 && IMAGE_ID.test(id);
}

/** Checks the form and builds the API body; errors name the field and the rule. */
export function stockPayload(
  values: StockFormValues,
  variant: StockVariant,
): { ok: true; payload: StockItemPayload } | { ok: false; errors: StockFormErrors } {
  const def = VARIANTS[variant];
  const errors: StockFormErrors = {};
  const description = values.mainDescription.trim();
  if (!description) errors.mainDescription = 'Description is required';
  const comicId = values.comicId.trim();
  if (!comicId) errors.comicId = 'Image id is required';
  else if (!isValidImageId(comicId)) errors.comicId = "Image id may contain only letters, digits, '.', '-' and '_'";
  const money = (field: 'srp' | 'priceOverride' | 'pnp', label: string) => {
    const cents = parseDollars(values[field]);
    if (cents === null) errors[field] = `${label} must be an amount in dollars, like 6.95`;
    return cents ?? 0;
  };
  const whole = (field: 'number' | 'initialQuantity' | 'salesQuantity' | 'releaseYear', label: string, fallback = 0) => {
    const value = parseWholeNumber(values[field], fallback);
    if (value === null) errors[field] = `${label} must be a whole number`;
    return value ?? fallback;
  };
  const srp = money('srp', 'SRP');
  const priceOverride = money('priceOverride', 'Price override');
  const pnp = money('pnp', 'Postage');
  const number = whole('number', 'Quantity');
  const initialQuantity = whole('initialQuantity', 'Initial quantity', 1);
  const salesQuantity = whole('salesQuantity', 'Sold');
  const releaseYear = whole('releaseYear', 'Year');
  if (!errors.releaseYear && releaseYear !== 0 && (releaseYear < 1900 || releaseYear > 2100)) {
    errors.releaseYear = 'Year must be from 1900 to 2100 (or blank)';
  }
  const releaseMonth = Number(values.releaseMonth) || 0;
  const printing = parseWholeNumber(values.printing, 1);
  if (printing === null || printing < 1 || printing > 99) errors.printing = 'Printing must be a whole number from 1 to 99';
  if (!/^[0-9X]*$/i.test(values.upc.trim())) errors.upc = 'UPC/ISBN may contain only digits';
  const badImage = values.images.find((id) => !isValidImageId(id));
  if (badImage) errors.images = `Image id "${badImage}" may contain only letters, digits, '.', '-' and '_'`;
  if (Object.keys(errors).length) return { ok: false, errors };
  return {
    ok: true,
    payload: {
      comicId,
      itemType: def.itemType,
      periodType: def.periodType,
      supplierType: def.chooseSupplier && SUPPLIER_CHOICES[variant].includes(values.supplierType) ? values.supplierType : def.supplierType,
      mainDescription: description,
      variantDescription: values.variantDescription.trim(),
      publisher: values.publisher.trim(),
      srp,
      priceOverride,
      pnp,
      number,
      initialQuantity,
      salesQuantity,
      releaseMonth,
      releaseYear,
      writer: values.writer.trim(),
      artist: values.artist.trim(),
      coverArtist: values.coverArtist.trim(),
      key: values.key,
      selected: values.selected,
      images: [...new Set(values.images)].filter((id) => id !== comicId).map((imageId) => ({ imageId })),
      batchId: values.batchId || null,
      ...seriesPayload(values),
      issueNumber: values.issueNumber.trim(),
      cover: values.cover.trim(),
      printing: printing ?? 1,
      focDate: values.focDate || null,
      releaseDate: values.releaseDate || null,
      upc: values.upc.trim(),
    },
  };
}

/** The text the copy-to-clipboard button copies: description and variant. */
export function clipboardText(values: Pick<StockFormValues, 'mainDescription' | 'variantDescription'>): string {
  return [values.mainDescription.trim(), values.variantDescription.trim()].filter(Boolean).join(' ');
}

/** Adds a typed extra image id (trimmed, not twice, not the main id). */
export function addImageId(values: Pick<StockFormValues, 'comicId' | 'images'>, id: string): string[] {
  const trimmed = id.trim();
  if (!trimmed || trimmed === values.comicId.trim() || values.images.includes(trimmed)) return values.images;
  return [...values.images, trimmed];
}

export const MONTH_OPTIONS = [
  'Unknown',
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
