import type { Order } from '../../../types/api';
import { formatDateTime } from '../../../lib/dates';
import { formatMoney } from '../../../lib/money';
import { showCredit } from '../../../lib/order-rules';
import { Link } from 'react-router';
import { OrderLine } from '../../../components/order-line';
import { OrderShipping } from '../../../components/order-shipping';

/** A completed order: number, dates, totals, tracking, items and shipping. */
export function PastOrderCard({ order }: { order: Order }) {
  const number = order.publicId ?? order._id.slice(-6);
  const status = order.posted ? 'Posted' : order.shippingIsPickup ? 'Ready for pickup' : 'Awaiting postage';
  return (
    <article className="card order-card" aria-label={`Order ${number}`}>
      <header className="order-card__head">
        <h3 className="order-card__title">Order #{number}</h3>
        <span className={order.posted ? 'pill pill--ok' : 'pill'}>{status}</span>
      </header>
      <dl className="order-card__facts">
        {order.completedDate || order.date ? (
          <div>
            <dt>Ordered</dt>
            <dd>{formatDateTime(order.completedDate ?? order.date)}</dd>
          </div>
        ) : null}
        {order.postedDate ? (
          <div>
            <dt>Posted</dt>
            <dd>{formatDateTime(order.postedDate)}</dd>
          </div>
        ) : null}
        <div>
          <dt>Subtotal</dt>
          <dd>{formatMoney(order.total)}</dd>
        </div>
        <div>
          <dt>Postage</dt>
          <dd>{formatMoney(order.pnp)}</dd>
        </div>
        {showCredit(order.creditFrom) ? (
          <div>
            <dt>Credit used</dt>
            <dd>{formatMoney(order.creditFrom)}</dd>
          </div>
        ) : null}
        <div>
          <dt>Paid</dt>
          <dd>{formatMoney(order.paid)}</dd>
        </div>
        {(order.toPay ?? 0) > 1 ? (
          <div>
            <dt>To pay</dt>
            <dd>{formatMoney(order.toPay)}</dd>
          </div>
        ) : null}
        {showCredit(order.carriedForward ?? order.creditForward) ? (
          <div>
            <dt>Carried forward</dt>
            <dd>{formatMoney(order.carriedForward ?? order.creditForward)}</dd>
          </div>
        ) : null}
      </dl>
      <OrderShipping order={order} pickupLabel="Local pickup (Brisbane)" />
      {order.publicId ? (
        <p className="order-card__more">
          <Link to={`/order-confirmation/${order.publicId}`}>View order confirmation for order #{number}</Link>
        </p>
      ) : null}
      <ul className="lines lines--compact" aria-label={`Items of order ${number}`}>
        {order.orderItems.map((line) => (
          <OrderLine key={line._id} line={line} editable={false} />
        ))}
      </ul>
    </article>
  );
}
