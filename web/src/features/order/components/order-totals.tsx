import type { Order } from '../../../types/api';
import { formatMoney } from '../../../lib/money';
import { showCredit } from '../lib/order-rules';

/** Item count, total, postage, paid, credit (only above 0.01) and to pay. */
export function OrderTotals({ order, compact }: { order: Order; compact?: boolean }) {
  const rows: Array<[string, string, string?]> = [
    ['Items', String(order.itemCount ?? 0)],
    ['Total', formatMoney(order.total)],
    ['Postage', order.shippingIsPickup ? `${formatMoney(order.pnp)} (pickup)` : formatMoney(order.pnp)],
  ];
  rows.push(['Paid', formatMoney(order.paid)]);
  if (showCredit(order.creditFrom)) rows.push(['Credit from before', `−${formatMoney(order.creditFrom)}`]);
  if (showCredit(order.creditForward)) rows.push(['Credit carried forward', formatMoney(order.creditForward)]);
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
