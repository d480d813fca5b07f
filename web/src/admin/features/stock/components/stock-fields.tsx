import { useId, useState } from 'react';
import { TextField } from '../../../../components/ui/field';
import { Checkbox } from '../../../../components/ui/checkbox';
import { CloseIcon } from '../../../../components/ui/icons';
import { useKnownLists } from '../api/get-known-lists';
import { addImageId, MONTH_OPTIONS, type StockFormErrors, type StockFormValues } from '../lib/stock-form';
import type { AdminBatch, SupplierType } from '../../../types';
import { SelectField } from '../../../components/admin-ui';
import { GradingFields } from './grading-fields';
import { SUPPLIER_CHOICES, SUPPLIER_LABELS, VARIANTS, batchesForVariant, type StockVariant } from '../../../lib/variants';

interface Props {
  values: StockFormValues;
  onChange: (patch: Partial<StockFormValues>) => void;
  variant: StockVariant;
  batches: readonly AdminBatch[];
  errors?: StockFormErrors;
  /** Names the fields apart when several forms are on a page (the inline edits). */
  context?: string;
}

/** The stock form's fields (admin spec section 2 'Stock form'), shared by the add forms and the inline edit. */
export function StockFields({ values, onChange, variant, batches, errors = {}, context }: Props) {
  const def = VARIANTS[variant];
  const lists = useKnownLists();
  const id = useId();
  const [extraId, setExtraId] = useState('');
  // Which item's form this is, for a screen reader among several open edits; the form's place says it to the eye.
  const suffix = context ? ` (${context})` : '';
  const note = context ? <span className="visually-hidden">{suffix}</span> : null;
  const choices = batchesForVariant(batches, variant);
  const selectedMissing =
    values.batchId && !choices.some((b) => b._id === values.batchId) ? batches.find((b) => b._id === values.batchId) : undefined;
  const publishers = lists.publishers[def.itemType] ?? [];
  const addExtra = () => {
    onChange({ images: addImageId(values, extraId) });
    setExtraId('');
  };

  return (
    <div className="stock-fields">
      <datalist id={`${id}-publishers`}>
        {publishers.map((p) => (
          <option key={p} value={p} />
        ))}
      </datalist>
      <datalist id={`${id}-variants`}>
        {lists.variants.map((v) => (
          <option key={v} value={v} />
        ))}
      </datalist>
      <div className="form-grid admin-form-grid">
        <TextField
          className="field--full"
          label={<>Description{note}</>}
          value={values.mainDescription}
          onChange={(e) => onChange({ mainDescription: e.target.value })}
          error={errors.mainDescription}
          required
          autoComplete="off"
        />
        <TextField
          label={<>Variant description{note}</>}
          value={values.variantDescription}
          onChange={(e) => onChange({ variantDescription: e.target.value })}
          list={`${id}-variants`}
          autoComplete="off"
          hint="Suggestions as you type"
        />
        <TextField
          label={<>Image id{note}</>}
          value={values.comicId}
          onChange={(e) => onChange({ comicId: e.target.value.trim() })}
          error={errors.comicId}
          required
          autoComplete="off"
          spellCheck={false}
          hint="The image file's name without .webp; drop image files to fill it"
        />
        <TextField
          label={<>Publisher{note}</>}
          value={values.publisher}
          onChange={(e) => onChange({ publisher: e.target.value })}
          list={`${id}-publishers`}
          autoComplete="off"
          hint="Suggestions as you type"
        />
        <SelectField label={<>Batch{note}</>} value={values.batchId} onChange={(e) => onChange({ batchId: e.target.value })}>
          <option value="">No batch</option>
          {selectedMissing ? <option value={selectedMissing._id}>{selectedMissing.name}</option> : null}
          {choices.map((batch) => (
            <option key={batch._id} value={batch._id}>
              {batch.name}
            </option>
          ))}
        </SelectField>
        {def.chooseSupplier ? (
          <SelectField
            label={
              <>
                {variant === 'new' || variant === 'pre-order' ? 'Distributor' : 'Supplier'}
                {note}
              </>
            }
            value={values.supplierType}
            onChange={(e) => onChange({ supplierType: e.target.value as SupplierType })}
          >
            {SUPPLIER_CHOICES[variant].map((s) => (
              <option key={s} value={s}>
                {SUPPLIER_LABELS[s]}
              </option>
            ))}
          </SelectField>
        ) : null}
        <SelectField label={<>Month{note}</>} value={values.releaseMonth} onChange={(e) => onChange({ releaseMonth: e.target.value })}>
          {MONTH_OPTIONS.map((name, index) => (
            <option key={name} value={String(index)}>
              {name}
            </option>
          ))}
        </SelectField>
        <TextField
          label={<>Year{note}</>}
          inputMode="numeric"
          value={values.releaseYear}
          onChange={(e) => onChange({ releaseYear: e.target.value })}
          error={errors.releaseYear}
          placeholder="e.g. 2024"
        />
        {def.showSrp ? (
          <TextField
            label={<>SRP{note}</>}
            inputMode="decimal"
            value={values.srp}
            onChange={(e) => onChange({ srp: e.target.value })}
            error={errors.srp}
            hint="Recommended retail price in US dollars; sets the shop price"
          />
        ) : null}
        <TextField
          label={<>Price override{note}</>}
          inputMode="decimal"
          value={values.priceOverride}
          onChange={(e) => onChange({ priceOverride: e.target.value })}
          error={errors.priceOverride}
          hint="Dollars; blank uses the calculated price"
        />
        <TextField
          label={<>Postage{note}</>}
          inputMode="decimal"
          value={values.pnp}
          onChange={(e) => onChange({ pnp: e.target.value })}
          error={errors.pnp}
          hint="Dollars; blank uses the postage table"
        />
        <TextField
          label={<>Quantity{note}</>}
          inputMode="numeric"
          value={values.number}
          onChange={(e) => onChange({ number: e.target.value })}
          error={errors.number}
        />
        <TextField
          label={<>Initial quantity{note}</>}
          inputMode="numeric"
          value={values.initialQuantity}
          onChange={(e) => onChange({ initialQuantity: e.target.value })}
          error={errors.initialQuantity}
        />
        <TextField
          label={<>Sold{note}</>}
          inputMode="numeric"
          value={values.salesQuantity}
          onChange={(e) => onChange({ salesQuantity: e.target.value })}
          error={errors.salesQuantity}
        />
        {def.itemType === 'comic' ? (
          <>
            <TextField
              label={<>Series{note}</>}
              value={values.seriesTitle}
              onChange={(e) => onChange({ seriesTitle: e.target.value, seriesId: '' })}
              hint={
                values.seriesId
                  ? 'A new title moves the item to that series (started if unknown)'
                  : 'Blank: no series; a new title starts one'
              }
              autoComplete="off"
            />
            <TextField
              label={<>Issue number{note}</>}
              value={values.issueNumber}
              onChange={(e) => onChange({ issueNumber: e.target.value })}
              hint="12, 0, 1.1, Annual 1, One-Shot"
              autoComplete="off"
            />
            <TextField
              label={<>Cover{note}</>}
              value={values.cover}
              onChange={(e) => onChange({ cover: e.target.value })}
              hint="A, B, VAR, or 1:25 for a ratio incentive"
              autoComplete="off"
            />
            <TextField
              label={<>Printing{note}</>}
              inputMode="numeric"
              value={values.printing}
              onChange={(e) => onChange({ printing: e.target.value })}
              error={errors.printing}
            />
            <TextField
              label={<>FOC date{note}</>}
              type="date"
              value={values.focDate}
              onChange={(e) => onChange({ focDate: e.target.value })}
              hint="Final order cut-off; blank uses the batch's cut-off"
            />
            <TextField
              label={<>Release date{note}</>}
              type="date"
              value={values.releaseDate}
              onChange={(e) => onChange({ releaseDate: e.target.value })}
            />
            <TextField
              label={<>UPC/ISBN{note}</>}
              inputMode="numeric"
              value={values.upc}
              onChange={(e) => onChange({ upc: e.target.value })}
              error={errors.upc}
              autoComplete="off"
            />
            <TextField
              label={<>Writer{note}</>}
              value={values.writer}
              onChange={(e) => onChange({ writer: e.target.value })}
              autoComplete="off"
            />
            <TextField
              label={<>Artist{note}</>}
              value={values.artist}
              onChange={(e) => onChange({ artist: e.target.value })}
              autoComplete="off"
            />
            <TextField
              label={<>Cover artist{note}</>}
              value={values.coverArtist}
              onChange={(e) => onChange({ coverArtist: e.target.value })}
              autoComplete="off"
            />
          </>
        ) : null}
      </div>
      {def.itemType === 'comic' ? <GradingFields values={values} onChange={onChange} errors={errors} note={note} /> : null}
      {def.itemType === 'comic' ? (
        <div className="admin-checks">
          <Checkbox label={<>Key issue{note}</>} checked={values.key} onCheckedChange={(key) => onChange({ key })} />
          {variant === 'pre-order' ? (
            <Checkbox label={<>Selected{note}</>} checked={values.selected} onCheckedChange={(selected) => onChange({ selected })} />
          ) : null}
        </div>
      ) : null}
      <fieldset className="admin-fieldset">
        <legend className="field__label">Extra image ids{note}</legend>
        <div className="admin-inline-form">
          <TextField
            label={<>Extra image id{note}</>}
            value={extraId}
            onChange={(e) => setExtraId(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                addExtra();
              }
            }}
            autoComplete="off"
            spellCheck={false}
          />
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            onClick={addExtra}
            disabled={!extraId.trim()}
            aria-label={`Add extra image id${suffix}`}
          >
            Add
          </button>
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            onClick={() => onChange({ images: [] })}
            disabled={values.images.length === 0}
            aria-label={`Clear extra image ids${suffix}`}
          >
            Clear
          </button>
        </div>
        {values.images.length ? (
          <ul className="chip-list admin-image-ids" aria-label={`Extra image ids${suffix}`}>
            {values.images.map((imageId) => (
              <li key={imageId} className="chip admin-chip">
                {imageId}
                <button
                  type="button"
                  className="admin-chip__remove"
                  aria-label={`Remove image id ${imageId}`}
                  onClick={() => onChange({ images: values.images.filter((i) => i !== imageId) })}
                >
                  <CloseIcon size={14} />
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="field__hint">None.</p>
        )}
        {errors.images ? <p className="field__error">{errors.images}</p> : null}
      </fieldset>
    </div>
  );
}
