import type { Comic } from '../../../types/api';
import { formatMoney } from '../../../lib/money';
import { useCurrentOrder } from '../../../api/get-current-order';
import { useOrderActions } from '../../../hooks/use-order-actions';
import { useOrderUpdateNotices } from '../../../hooks/use-order-update-notices';
import { tileAvailability } from '../../../lib/order-rules';
import { PlusIcon } from '../../../components/ui/icons';
import { focNotice } from '../lib/foc';

interface Props {
  comic: Comic;
  title: string;
  /** 'tile' shows a compact button, 'preview' a large price button. */
  variant?: 'tile' | 'preview';
  onAdded?: () => void;
  /** The id of an element that describes the item further (the tile's variant line). */
  describedBy?: string;
}

/** The add-to-order control, following the availability rules ('You have the last one'). */
export function AddToOrderButton({ comic, title, variant = 'tile', onAdded, describedBy }: Props) {
  const { data, isLoading } = useCurrentOrder();
  const { add, isPending } = useOrderActions({ mutationConfig: useOrderUpdateNotices() });
  const order = data?.order;
  const availability = tileAvailability(comic, order);

  if (focNotice(comic, new Date())?.kind === 'closed') {
    return <p className="tile__status tile__status--out">Orders closed</p>;
  }
  if (availability.kind === 'sold-out') {
    return <p className="tile__status tile__status--out">Sold out</p>;
  }
  if (availability.kind === 'last-one') {
    return (
      <p className="tile__status tile__status--last" role="status">
        You have the last one
      </p>
    );
  }
  const price = formatMoney(comic.price);
  const disabled = isLoading || !order || order.complete === true;
  return (
    <button
      type="button"
      className={variant === 'preview' ? 'btn btn--primary btn--lg btn--block' : 'btn btn--primary btn--sm add-btn'}
      aria-label={variant === 'preview' ? undefined : `Add ${title} to order, ${price}`}
      disabled={disabled}
      aria-describedby={describedBy}
      aria-busy={isPending || undefined}
      onClick={() => {
        add(comic);
        onAdded?.();
      }}
    >
      {variant === 'preview' ? (
        <>Add to order · {price}</>
      ) : (
        <>
          <PlusIcon size={16} /> Add
        </>
      )}
    </button>
  );
}
