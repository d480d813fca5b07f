import { memo, useId } from 'react';
import type { Comic } from '../../../types/api';
import { formatMoney } from '../../../lib/money';
import { useCurrentOrder } from '../../../api/get-current-order';
import { findLine } from '../../../lib/order-rules';
import { ComicImage } from '../../../components/comic-image';
import { AddToOrderButton } from './add-to-order-button';
import { usePreview } from './preview-context';
import { focNotice } from '../lib/foc';

/**
 * A stock item: cover, title, variant, price and the add-to-order control. The variant (another
 * cover of the same issue) is a line of its own under the title and the Add button's description,
 * so two covers of one issue never look or read alike.
 */
export const ItemTile = memo(function ItemTile({ comic }: { comic: Comic }) {
  const { openPreview } = usePreview();
  const { data } = useCurrentOrder();
  const inOrder = findLine(data?.order, comic._id)?.quantity ?? 0;
  const title = comic.mainDescription;
  const variant = comic.variantDescription?.trim() ?? '';
  const variantId = useId();
  const foc = focNotice(comic, new Date());
  return (
    <article className="tile">
      <div className="tile__cover" onClick={() => openPreview(comic)} aria-hidden="true">
        <ComicImage item={comic} imageId={comic.comicId} alt="" className="tile__img" />
        {comic.key ? <span className="tile__flag">Key</span> : null}
      </div>
      <div className="tile__body">
        <h3 className="tile__title">
          <button
            type="button"
            className="tile__title-btn"
            onClick={() => openPreview(comic)}
            aria-describedby={variant ? variantId : undefined}
          >
            {title}
          </button>
        </h3>
        {variant ? (
          <p className="tile__variant" id={variantId}>
            {variant}
          </p>
        ) : null}
        {comic.publisher ? <p className="tile__publisher">{comic.publisher}</p> : null}
        {foc?.kind === 'open' ? <p className="tile__foc">{foc.label}</p> : null}
      </div>
      <div className="tile__footer">
        <span className="tile__price">{formatMoney(comic.price)}</span>
        <AddToOrderButton comic={comic} title={title} describedBy={variant ? variantId : undefined} />
      </div>
      {inOrder > 0 ? <p className="tile__in-order">{inOrder} in your order</p> : null}
    </article>
  );
});
