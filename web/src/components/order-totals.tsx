import type { Order } from '../types/api';
import { formatMoney } from '../lib/money';
import { creditRows } from '../lib/order-rules';

/**
 * Item count, subtotal, postage, paid, credit (only above 0.01) and to pay. With the shopper's
 * credit balance (`credit`, the current-order answer's), credit from before is the balance and
 * credit carried forward what stays after this order.
 */
export function OrderTotals({ order, compact, credit }: { order: Order; compact?: boolean; credit?: number | null | undefined }) {
  const rows: Array<[string, string, string?]> = [
    ['Items', String(order.itemCount ?? 0)],
    ['Subtotal', formatMoney(order.total)],
    ['Postage', order.shippingIsPickup ? `${formatMoney(order.pnp)} (pickup)` : formatMoney(order.pnp)],
  ];
  rows.push(['Paid', formatMoney(order.paid)]);
  const c = creditRows(order, credit);
  if (c.before !== null) rows.push(['Credit from before', formatMoney(c.before)]);
  if (c.used !== null) rows.push(['Credit used', `−${formatMoney(c.used)}`]);
  if (c.forward !== null) rows.push(['Credit carried forward', formatMoney(c.forward)]);
  return (
    <dl className={compact ? 'totals totals--compact' : 'totals'}>
      {rows.map(([label, value]) => (
        <div key={label} className="totals__row">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
      <div className="totals__row totals__row--grand">
        <dt>To pay</dt>
        <dd>{formatMoney(order.toPay)}</dd>
      </div>
    </dl>
  );
}
