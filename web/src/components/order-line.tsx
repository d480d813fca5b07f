import type { OrderItem } from '../types/api';
import { formatMoney } from '../lib/money';
import { MinusIcon, PlusIcon, TrashIcon } from './ui/icons';
import { ComicImage } from './comic-image';
import { lineTotal, plusDisabled, showQuantityButtons } from '../lib/order-rules';

interface Props {
  line: OrderItem;
  editable: boolean;
  onIncrease?: (id: string) => void;
  onDecrease?: (id: string) => void;
  onRemove?: (id: string) => void;
}

/** One order line with plus, minus and delete (plus and minus only when more than one is available). */
export function OrderLine({ line, editable, onIncrease, onDecrease, onRemove }: Props) {
  const quantityButtons = editable && showQuantityButtons(line);
  return (
    <li className="line">
      <ComicImage item={line} imageId={line.comicId} alt="" className="line__img" />
      <div className="line__main">
        <p className="line__name">{line.name}</p>
        <p className="line__meta">
          {line.quantity} × {formatMoney(line.price)}
        </p>
        {editable ? (
          <div className="line__controls" role="group" aria-label={`Quantity of ${line.name}`}>
            {quantityButtons ? (
              <>
                <button type="button" className="qty-btn" aria-label={`Decrease ${line.name}`} onClick={() => onDecrease?.(line._id)}>
                  <MinusIcon size={16} />
                </button>
                <span className="line__qty" aria-label={`Quantity ${line.quantity}`}>
                  {line.quantity}
                </span>
                <button
                  type="button"
                  className="qty-btn"
                  aria-label={`Increase ${line.name}`}
                  disabled={plusDisabled(line)}
                  onClick={() => onIncrease?.(line._id)}
                >
                  <PlusIcon size={16} />
                </button>
              </>
            ) : null}
            <button
              type="button"
              className="qty-btn qty-btn--delete"
              aria-label={`Remove ${line.name}`}
              onClick={() => onRemove?.(line._id)}
            >
              <TrashIcon size={16} />
            </button>
          </div>
        ) : null}
      </div>
      <p className="line__total">{formatMoney(lineTotal(line))}</p>
    </li>
  );
}
