import { useDocumentTitle } from '../../lib/hooks';
import { useSession } from '../../lib/session';
import { Spinner } from '../../components/ui/field';
import { useCurrentOrder } from '../../api/get-current-order';
import { useOrders } from '../../features/order/api/get-orders';
import { OrderPanel } from '../../features/order/components/order-panel';
import { PastOrderCard } from '../../features/order/components/past-order-card';
import { useUi } from '../../lib/ui-state';
import { formatMoney } from '../../lib/money';
import { showCredit } from '../../lib/order-rules';

function orderTime(o: { completedDate?: string | null; date?: string | null }): number {
  return new Date(o.completedDate ?? o.date ?? 0).getTime() || 0;
}

/** 'Your Orders': the current order with Proceed to Payment, then past orders. */
export function AccountOrdersRoute() {
  const { user } = useSession();
  const { openDialog } = useUi();
  const current = useCurrentOrder();
  const orders = useOrders(Boolean(user));
  useDocumentTitle('Your Orders');
  const currentId = current.data?.order?._id;
  const past = (orders.data ?? []).filter((o) => o._id !== currentId && o.complete !== false).sort((a, b) => orderTime(b) - orderTime(a));

  return (
    <div className="page page--wide">
      <h1 className="page-title">Your Orders</h1>
      {user && showCredit(current.data?.credit) ? (
        <p className="credit-balance">
          Your store credit: <strong>{formatMoney(current.data?.credit ?? 0)}</strong>. It is used automatically at checkout.
        </p>
      ) : null}
      <div className="account-orders">
        <section className="card account-orders__current">
          <OrderPanel heading="Current order" />
        </section>
        <section className="account-orders__past" aria-labelledby="past-orders">
          <h2 id="past-orders" className="section-title">
            Past orders
          </h2>
          {!user ? (
            <p>
              <button type="button" className="link-btn" onClick={() => openDialog('login')}>
                Log in
              </button>{' '}
              to see your past orders.
            </p>
          ) : orders.isLoading ? (
            <Spinner label="Loading your orders" />
          ) : orders.isError ? (
            <p role="alert">Your past orders could not be loaded.</p>
          ) : past.length === 0 ? (
            <p>No past orders yet.</p>
          ) : (
            <ul className="order-list">
              {past.map((order) => (
                <li key={order._id}>
                  <PastOrderCard order={order} />
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}
