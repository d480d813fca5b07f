import { memo, useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '../../../../lib/dates';
import { formatMoney } from '../../../../lib/money';
import { OrderLine } from '../../../../components/order-line';
import { historyPath } from '../../../lib/history';
import {
  canPost,
  cleanTrackingNumber,
  latestSearches,
  ORDER_STATUS_LABELS,
  orderCustomerName,
  orderEmail,
  orderNumber,
  orderStatus,
  showCarriedForward,
} from '../lib/orders';
import type { AdminOrder } from '../../../types';
import { ConfirmDelete, Facts, useFail, useSuccess } from '../../../components/admin-ui';
import { OrderShipping } from '../../../../components/order-shipping';
import { useDeleteOrder } from '../api/delete-order';
import { useMarkAsPosted } from '../api/mark-as-posted';
import { usePostOrder } from '../api/post-order';
import { useResendEmail } from '../api/resend-order-email';

/** The admin order card (admin spec section 2) with post, mark-as-posted, resend emails, history and delete. */
export const AdminOrderCard = memo(function AdminOrderCard({ order, actions = true }: { order: AdminOrder; actions?: boolean }) {
  const number = orderNumber(order);
  const name = orderCustomerName(order);
  const email = orderEmail(order);
  const status = orderStatus(order);
  const trackingId = useId();
  const [tracking, setTracking] = useState('');
  const [trackingError, setTrackingError] = useState<string | null>(null);
  const post = usePostOrder();
  const markPosted = useMarkAsPosted();
  const resend = useResendEmail();
  const remove = useDeleteOrder();
  const fail = useFail();
  const success = useSuccess();
  const busy = post.isPending || markPosted.isPending;
  const label = `order ${number}`;

  const submitTracking = (event: FormEvent) => {
    event.preventDefault();
    const cleaned = cleanTrackingNumber(tracking);
    if (!cleaned) {
      setTrackingError('Enter the tracking number');
      return;
    }
    setTrackingError(null);
    post.mutate(
      { id: order._id, tracking: cleaned },
      { onSuccess: () => success(`Order ${number} posted with tracking ${cleaned}.`), onError: (error) => fail(error) },
    );
  };

  const resendEmail = (which: 'confirm' | 'posted') =>
    resend.mutate(
      { id: order._id, which },
      {
        onSuccess: (data) => success(data?.message || (which === 'confirm' ? 'Confirmation email sent.' : 'Posted email sent.')),
        onError: (error) => fail(error),
      },
    );

  const created = order.createdAt ?? order.date;
  return (
    <article className="card order-card admin-order" aria-label={`Order ${number}`}>
      <header className="order-card__head admin-order__head">
        <div>
          <h3 className="order-card__title">
            Order #{number} · {name}
          </h3>
          {email ? (
            <a className="link admin-order__email" href={`mailto:${email}`}>
              {email}
            </a>
          ) : (
            <span className="muted">No email</span>
          )}
        </div>
        <div className="admin-order__pills">
          {order.type ? <span className="pill">{order.type === 'ebay' ? 'eBay' : order.type.toUpperCase()}</span> : null}
          <span className={status === 'posted' ? 'pill pill--ok' : status === 'awaiting-postage' ? 'pill pill--warn' : 'pill'}>
            {ORDER_STATUS_LABELS[status]}
          </span>
        </div>
      </header>
      <Facts
        items={[
          ['Paid', formatMoney(order.paid)],
          showCarriedForward(order.creditFrom) ? ['Credit used', formatMoney(order.creditFrom ?? 0)] : null,
          ['Subtotal', formatMoney(order.total)],
          ['To pay', formatMoney(order.toPay)],
          ['Postage', formatMoney(order.pnp)],
          showCarriedForward(order.carriedForward) ? ['Carried forward', formatMoney(order.carriedForward)] : null,
          created ? ['Created', formatDateTime(created)] : null,
          order.completedDate ? ['Completed', formatDateTime(order.completedDate)] : null,
          order.postedDate ? ['Posted', formatDateTime(order.postedDate)] : null,
          order.updatedAt ? ['Updated', formatDateTime(order.updatedAt)] : null,
          order.externalId ? ['eBay order', order.externalId] : null,
        ]}
      />
      <OrderShipping order={order} pickupLabel="Local pickup" />
      {order.searchTerms ? <SearchedTerms searchTerms={order.searchTerms} /> : null}
      <ul className="lines lines--compact" aria-label={`Items of order ${number}`}>
        {order.orderItems.map((line) => (
          <OrderLine key={line._id} line={line} editable={false} />
        ))}
      </ul>
      {actions ? (
        <div className="admin-order__actions">
          {canPost(order) ? (
            <form className="admin-inline-form" onSubmit={submitTracking} noValidate>
              <div className="field">
                <label className="field__label" htmlFor={trackingId}>
                  Tracking number for {label}
                </label>
                <input
                  id={trackingId}
                  className="input"
                  value={tracking}
                  onChange={(e) => setTracking(e.target.value)}
                  aria-invalid={trackingError ? true : undefined}
                  aria-describedby={trackingError ? `${trackingId}-error` : undefined}
                  autoComplete="off"
                  spellCheck={false}
                />
                {trackingError ? (
                  <p id={`${trackingId}-error`} className="field__error">
                    {trackingError}
                  </p>
                ) : null}
              </div>
              <button type="submit" className="btn btn--primary btn--sm" disabled={busy} aria-label={`Post with tracking: ${label}`}>
                Post with tracking
              </button>
              <button
                type="button"
                className="btn btn--secondary btn--sm"
                disabled={busy}
                aria-label={`Mark as posted: ${label}`}
                onClick={() =>
                  markPosted.mutate(
                    { id: order._id },
                    { onSuccess: () => success(`Order ${number} marked as posted.`), onError: (error) => fail(error) },
                  )
                }
              >
                Mark as posted
              </button>
            </form>
          ) : null}
          <div className="admin-order__buttons" role="group" aria-label={`Actions for ${label}`}>
            {order.complete && status !== 'in-person' && status !== 'on-ebay' ? (
              <button
                type="button"
                className="btn btn--ghost btn--sm"
                disabled={resend.isPending}
                aria-label={`Resend confirmation email for ${label}`}
                onClick={() => resendEmail('confirm')}
              >
                Resend confirmation
              </button>
            ) : null}
            {order.posted ? (
              <button
                type="button"
                className="btn btn--ghost btn--sm"
                disabled={resend.isPending}
                aria-label={`Resend posted email for ${label}`}
                onClick={() => resendEmail('posted')}
              >
                Resend posted email
              </button>
            ) : null}
            <Link className="btn btn--ghost btn--sm" to={historyPath('order', order._id)} aria-label={`History of ${label}`}>
              History
            </Link>
            <ConfirmDelete
              trigger={
                <button
                  type="button"
                  className="btn btn--ghost btn--sm stock-card__delete"
                  disabled={remove.isPending}
                  aria-label={`Delete ${label}`}
                >
                  Delete
                </button>
              }
              onConfirm={() =>
                remove.mutate(order._id, {
                  onSuccess: () => success(`Order ${number} has been deleted.`, 'Deleted!'),
                  onError: () => fail(new Error('Error! Order not deleted')),
                })
              }
            />
          </div>
        </div>
      ) : null}
    </article>
  );
});

/** What the shopper searched: the latest few, and the earlier ones when opened (an order keeps some 150). */
function SearchedTerms({ searchTerms }: { searchTerms: string }) {
  const { latest, earlier } = latestSearches(searchTerms);
  if (earlier === 0) return <p className="muted admin-order__terms">Searched: {searchTerms}</p>;
  return (
    <details className="muted admin-order__terms">
      <summary>
        Searched: {latest} <span className="admin-order__terms-more">(and {earlier} earlier)</span>
      </summary>
      <p>{searchTerms}</p>
    </details>
  );
}
