import { Link, useParams, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../lib/hooks';
import { formatDateTime } from '../../lib/dates';
import { formatMoney } from '../../lib/money';
import { useSession } from '../../lib/session';
import { Spinner } from '../../components/ui/field';
import { formatAddress } from '../../lib/address';
import { useOrderConfirmation } from '../../features/order/api/get-order-confirmation';
import { OrderLine } from '../../components/order-line';
import { showCredit } from '../../lib/order-rules';

/**
 * `/order-confirmation/{publicId}` (`?token=…` from the confirmation email): the paid order's
 * number, lines, totals, delivery and what happens next. Opened after the checkout's Success
 * notice and reload, from Your Orders, and from the email.
 */
export function OrderConfirmationRoute() {
  const { publicId = '' } = useParams();
  const [search] = useSearchParams();
  const token = search.get('token');
  const { user } = useSession();
  const { data, isLoading, isError } = useOrderConfirmation(publicId, token);
  useDocumentTitle(`Order #${publicId}`);

  if (isLoading) {
    return (
      <div className="page">
        <h1 className="page-title">Order #{publicId}</h1>
        <Spinner label="Loading your order" />
      </div>
    );
  }
  if (isError || !data) {
    return (
      <div className="page prose">
        <h1 className="page-title">Order #{publicId}</h1>
        <p role="alert">
          We could not find this order.{' '}
          {user
            ? 'It may belong to another account.'
            : 'Log in to the account it was made with, or open the link in your confirmation email.'}
        </p>
        <p>
          <Link to="/account-orders">Your Orders</Link>
        </p>
      </div>
    );
  }

  const order = data.order;
  const number = order.publicId ?? publicId;
  const creditUsed = order.creditFrom ?? 0;
  const carried = order.carriedForward ?? order.creditForward ?? 0;
  const pickup = Boolean(order.shippingIsPickup);

  return (
    <div className="page confirmation">
      <h1 className="page-title">Thank you! Order #{number} is confirmed</h1>
      <p className="confirmation__lead">
        {order.completedDate ? <>Paid {formatDateTime(order.completedDate)}. </> : null}A confirmation email with your tax invoice is on its
        way{order.email ? <> to {order.email}</> : null}.
      </p>
      <div className="confirmation__grid">
        <section className="card confirmation__items" aria-labelledby="confirmation-items">
          <h2 id="confirmation-items" className="section-title">
            What you bought
          </h2>
          <ul className="lines lines--compact" aria-label={`Items of order ${number}`}>
            {order.orderItems.map((line) => (
              <OrderLine key={line._id} line={line} editable={false} />
            ))}
          </ul>
          <dl className="totals">
            <div className="totals__row">
              <dt>Subtotal</dt>
              <dd>{formatMoney(order.total)}</dd>
            </div>
            <div className="totals__row">
              <dt>Postage</dt>
              <dd>{pickup ? `${formatMoney(order.pnp)} (pickup)` : formatMoney(order.pnp)}</dd>
            </div>
            {showCredit(creditUsed) ? (
              <div className="totals__row">
                <dt>Credit used</dt>
                <dd>−{formatMoney(creditUsed)}</dd>
              </div>
            ) : null}
            <div className="totals__row totals__row--grand">
              <dt>Paid</dt>
              <dd>{formatMoney(order.paid)}</dd>
            </div>
            {showCredit(carried) ? (
              <div className="totals__row">
                <dt>Credit carried forward</dt>
                <dd>{formatMoney(carried)}</dd>
              </div>
            ) : null}
          </dl>
        </section>
        <section className="card confirmation__delivery" aria-labelledby="confirmation-delivery">
          <h2 id="confirmation-delivery" className="section-title">
            {pickup ? 'Local pickup' : 'Shipping to'}
          </h2>
          {pickup ? (
            <>
              <p>{data.pickup?.address ?? 'Brisbane (4075)'}</p>
              {data.pickup?.hours ? <p>Hours: {data.pickup.hours}</p> : null}
            </>
          ) : (
            <address className="confirmation__address">{formatAddress(order.shippingAddress)}</address>
          )}
          <h2 className="section-title">What happens next</h2>
          {pickup ? (
            <p>We pack your order and let you know by email when it is ready to collect. Please bring your order number, #{number}.</p>
          ) : (
            <p>
              We pack and post your order with Australia Post, usually within two business days, and email you the tracking number when it
              is on its way.
            </p>
          )}
          <p>
            Questions? Quote order #{number} when you contact us.{' '}
            {user ? <Link to="/account-orders">See all your orders</Link> : <Link to="/">Keep browsing</Link>}
          </p>
        </section>
      </div>
    </div>
  );
}
