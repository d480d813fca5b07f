import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useNotify } from '../../../../components/ui/notify';
import { errorMessage } from '../../../../lib/api';
import { emptyStockForm, formFromCopy, resetAfterAdd, type StockFormValues } from '../lib/stock-form';
import { ScreenHeader } from '../../../components/admin-ui';
import { StockForm } from '../components/stock-form';
import type { AdminComic } from '../../../types';
import { useAddStock } from '../api/add-stock';
import { useUploadImages } from '../api/upload-stock-images';
import { VARIANTS, type StockVariant } from '../../../lib/variants';

function copiedItem(state: unknown): AdminComic | null {
  if (state && typeof state === 'object' && 'copy' in state) {
    const copy = (state as { copy?: unknown }).copy;
    if (copy && typeof copy === 'object' && 'mainDescription' in copy) return copy as AdminComic;
  }
  return null;
}

/**
 * The add forms: /admin-add-new-stock-issue, /admin-add-back-issue, /admin-add-pre-order,
 * /admin-add-game, /admin-add-accessories. A copied item in the navigation state fills the form.
 * POST /add-stock: 201 shows 'Success / Stock added' and resets (description #number + 1, no ids).
 */
export function AddStockScreen({ variant }: { variant: StockVariant }) {
  const def = VARIANTS[variant];
  const location = useLocation();
  const copy = copiedItem(location.state);
  const [values, setValues] = useState<StockFormValues>(() => (copy ? formFromCopy(copy) : emptyStockForm(variant)));
  const add = useAddStock();
  const images = useUploadImages();
  const notify = useNotify();

  return (
    <div className="admin-screen">
      <ScreenHeader title={def.title} description={copy ? `Copied from ${copy.mainDescription}.` : undefined}>
        <Link className="btn btn--ghost btn--sm" to={def.listPath}>
          {def.listLabel} list
        </Link>
        <button type="button" className="btn btn--ghost btn--sm" onClick={() => setValues(emptyStockForm(variant))}>
          Clear form
        </button>
      </ScreenHeader>
      <section className="card" aria-label={def.title}>
        <StockForm
          variant={variant}
          values={values}
          onChange={setValues}
          savedId={null}
          busy={add.isPending}
          submitLabel="Save"
          onSubmit={(payload, uploads) =>
            add.mutate(payload, {
              onSuccess: (result) => {
                if (result.ok) {
                  notify({ title: 'Success', message: 'Stock added', tone: 'success' });
                  setValues((current) => resetAfterAdd(current));
                  const stockId = result.comic?._id;
                  if (stockId && uploads.length) {
                    images.mutate(
                      { stockId, uploads },
                      { onError: (error) => notify({ title: 'Fail', message: `Stock added, but: ${errorMessage(error)}`, tone: 'error' }) },
                    );
                  }
                } else {
                  notify({ title: 'Fail', message: result.message, tone: 'error' });
                }
              },
              onError: (error) => notify({ title: 'Fail', message: errorMessage(error), tone: 'error' }),
            })
          }
        />
        {images.isPending ? (
          <p className="field__hint" role="status">
            Uploading images…
          </p>
        ) : null}
      </section>
    </div>
  );
}
