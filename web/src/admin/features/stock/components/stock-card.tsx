import { memo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatMoney } from '../../../../lib/money';
import { formatRelease } from '../../../../lib/dates';
import { ComicImage } from '../../../../components/comic-image';
import { applyDroppedNames, filesToUpload, sameIds } from '../lib/image-drop';
import { historyPath } from '../../../lib/history';
import { formFromItem, type StockFormValues } from '../lib/stock-form';
import type { AdminComic } from '../../../types';
import { AdminListingActions } from '../../../components/listing-actions';
import { ConfirmDelete, Facts, useFail, useSuccess } from '../../../components/admin-ui';
import { useImageDrop } from './image-drop';
import { StockForm } from './stock-form';
import { useBackInView } from './use-back-in-view';
import { useDeleteStock } from '../api/delete-stock';
import { useEditStock } from '../api/edit-stock';
import { useUploadImages, type ImageUpload } from '../api/upload-stock-images';
import { SUPPLIER_LABELS, VARIANTS, variantForItem } from '../../../lib/variants';

export function itemTitle(item: Pick<AdminComic, 'mainDescription' | 'variantDescription'>): string {
  return [item.mainDescription, item.variantDescription].filter((p) => p && p.trim()).join(' ');
}

/**
 * An admin stock item: view or edit inline (toggle), delete (asks first), copy (opens the add form
 * with the item), history, marketplace listing actions, and image files dropped on it.
 */
export const StockCard = memo(function StockCard({ item }: { item: AdminComic }) {
  const [editing, setEditing] = useState(false);
  const cardRef = useRef<HTMLElement>(null);
  useBackInView(cardRef, editing);
  const [values, setValues] = useState<StockFormValues>(() => formFromItem(item));
  const navigate = useNavigate();
  const edit = useEditStock();
  const remove = useDeleteStock();
  const images = useUploadImages();
  const [uploading, setUploading] = useState(0);
  const [imageVersion, setImageVersion] = useState(0);
  const fail = useFail();
  const success = useSuccess();
  const variant = variantForItem(item);
  const title = itemTitle(item) || item.comicId || 'Untitled item';

  const { dragging, dropProps } = useImageDrop((files) => {
    const current = { comicId: item.comicId ?? '', images: (item.images ?? []).map((i) => i.imageId) };
    const next = applyDroppedNames(
      current,
      files.map((f) => f.name),
    );
    const uploads = filesToUpload(files, next);
    const upload = () => {
      if (uploads.length === 0) return;
      setUploading(uploads.length);
      images.mutate(
        { stockId: item._id, uploads },
        {
          onSuccess: () => setImageVersion((v) => v + 1),
          onError: (error) => fail(error),
          onSettled: () => setUploading(0),
        },
      );
    };
    if (sameIds(current, next)) {
      upload();
      return;
    }
    edit.mutate(
      { id: item._id, changes: { comicId: next.comicId, images: next.images.map((imageId) => ({ imageId })) } },
      { onSuccess: upload, onError: (error) => fail(error, 'Error! Stock not updated') },
    );
  }, editing);

  const toggleEdit = () => {
    if (!editing) setValues(formFromItem(item));
    setEditing(!editing);
  };

  const copy = () => navigate(VARIANTS[variant].addPath, { state: { copy: item } });

  const extra = (item.images ?? []).length;
  const release = formatRelease(item.releaseMonth, item.releaseYear);

  return (
    <article
      ref={cardRef}
      className={`card stock-card${dragging ? ' is-dragging' : ''}${(item.number ?? 0) <= 0 ? ' is-zero' : ''}`}
      aria-label={title}
      {...dropProps}
    >
      <div className="stock-card__top">
        <div className="stock-card__media">
          <ComicImage
            key={`${item.comicId}:${imageVersion}`}
            item={item}
            imageId={item.comicId}
            alt={`Cover of ${title}`}
            className="stock-card__img"
          />
          {extra ? (
            <span className="stock-card__extra">
              +{extra} image{extra === 1 ? '' : 's'}
            </span>
          ) : null}
        </div>
        <div className="stock-card__body">
          <h3 className="stock-card__title">{item.mainDescription}</h3>
          {item.variantDescription ? <p className="stock-card__variant">{item.variantDescription}</p> : null}
          <p className="stock-card__meta">
            {[item.publisher, item.comicId ? `id ${item.comicId}` : null, item.batchName ? `batch ${item.batchName}` : null]
              .filter(Boolean)
              .join(' · ')}
          </p>
          <Facts
            className="stock-card__facts"
            items={[
              ['Price', formatMoney(item.price)],
              ['Left', String(item.number ?? 0)],
              ['Initial', String(item.initialQuantity ?? 0)],
              ['Sold', String(item.salesQuantity ?? 0)],
              item.salesValue ? ['Sales', formatMoney(item.salesValue)] : null,
              item.priceOverride ? ['Override', formatMoney(item.priceOverride)] : null,
              item.srp ? ['SRP', formatMoney(item.srp)] : null,
              item.pnp ? ['Postage', formatMoney(item.pnp)] : null,
              release ? ['Released', release] : null,
              item.supplierType ? ['Supplier', SUPPLIER_LABELS[item.supplierType] ?? item.supplierType] : null,
              ['Listing', item.ebayListingId ? item.ebayListingId : 'Not listed'],
            ]}
          />
          <div className="stock-card__pills">
            {item.key ? <span className="pill">Key</span> : null}
            {item.selected ? <span className="pill pill--ok">Selected</span> : null}
            {item.hasImage === false ? <span className="pill pill--warn">No image</span> : null}
          </div>
        </div>
      </div>
      <div className="stock-card__actions" role="group" aria-label={`Actions for ${title}`}>
        <button
          type="button"
          className="btn btn--secondary btn--sm"
          aria-pressed={editing}
          aria-label={`Edit ${title}`}
          onClick={toggleEdit}
        >
          Edit
        </button>
        <button type="button" className="btn btn--ghost btn--sm" aria-label={`Copy ${title}`} onClick={copy}>
          Copy
        </button>
        <Link className="btn btn--ghost btn--sm" to={historyPath('stock', item._id)} aria-label={`History of ${title}`}>
          History
        </Link>
        <ConfirmDelete
          trigger={
            <button
              type="button"
              className="btn btn--ghost btn--sm stock-card__delete"
              aria-label={`Delete ${title}`}
              disabled={remove.isPending}
            >
              Delete
            </button>
          }
          onConfirm={() =>
            remove.mutate(item._id, {
              onSuccess: () => success(`${title} has been deleted.`, 'Deleted!'),
              onError: (error) => fail(error),
            })
          }
        />
      </div>
      {editing ? (
        <div className="stock-card__edit">
          <StockForm
            variant={variant}
            values={values}
            onChange={setValues}
            savedId={item._id}
            busy={edit.isPending}
            submitLabel="Save"
            context={`for ${title}`}
            onCancel={() => setEditing(false)}
            onSubmit={(payload, uploads: ImageUpload[]) =>
              edit.mutate(
                { id: item._id, changes: payload },
                {
                  onSuccess: () => {
                    setEditing(false);
                    if (uploads.length) {
                      setUploading(uploads.length);
                      images.mutate(
                        { stockId: item._id, uploads },
                        {
                          onSuccess: () => setImageVersion((v) => v + 1),
                          onError: (error) => fail(error),
                          onSettled: () => setUploading(0),
                        },
                      );
                    }
                  },
                  onError: (error) => fail(error, 'Error! Stock not updated'),
                },
              )
            }
          />
        </div>
      ) : (
        <AdminListingActions comic={item} compact />
      )}
      {uploading ? (
        <p className="field__hint" role="status">
          Uploading {uploading} image{uploading === 1 ? '' : 's'}…
        </p>
      ) : null}
      {dragging ? (
        <div className="stock-card__drop" aria-hidden="true">
          Drop image files to upload them and set the image ids
        </div>
      ) : null}
    </article>
  );
});
