import { useEffect, useId, useState } from 'react';
import { useUi } from '../../../lib/ui-state';
import { useIsAdmin } from '../../../lib/session';
import { Spinner } from '../../../components/ui/field';
import { useCurrentOrder } from '../../../api/get-current-order';
import { useCompleteOrder } from '../../../api/complete-order';
import { useAdhocSale } from '../api/adhoc-sale';
import { adhocSaleMessage, adhocSaleView } from '../lib/adhoc-sale';
import { useNotify } from '../../../components/ui/notify';
import { useOrderActions } from '../../../hooks/use-order-actions';
import { useOrderUpdateNotices } from '../../../hooks/use-order-update-notices';
import { mainButtonDisabled, mainButtonLabel } from '../../../lib/order-rules';
import { centsToWholeString, formatMoney } from '../../../lib/money';
import { OrderLine } from '../../../components/order-line';
import { OrderTotals } from '../../../components/order-totals';

const reload = () => window.location.reload();

interface Props {
  /** Renders the heading as h1 on pages whose subject is the order. */
  headingLevel?: 2 | 3;
  heading?: string;
}

/** 'Your Order': lines, totals and the main button (Ad-hoc Sale / Proceed to Shipping / Proceed to Payment). */
export function OrderPanel({ headingLevel = 2, heading = 'Your Order' }: Props) {
  const { data, isLoading, isError, refetch } = useCurrentOrder();
  const actions = useOrderActions({ mutationConfig: useOrderUpdateNotices() });
  const completeOrder = useCompleteOrder();
  const notify = useNotify();
  // 'Success' saying what was recorded (no email goes to a customer at the counter) or 'Failure', then a reload.
  const adhocSale = useAdhocSale({
    mutationConfig: {
      onSuccess: (result) =>
        result.ok
          ? notify({ title: 'Success', message: adhocSaleMessage(result.data.order, formatMoney), tone: 'success', onClose: reload })
          : notify({ title: 'Failure', message: result.errorMessage, tone: 'error', onClose: reload }),
      onError: () => notify({ title: 'Failure', message: 'fail', tone: 'error', onClose: reload }),
    },
  });
  const isAdmin = useIsAdmin();
  const { openDialog, closeDialog } = useUi();
  const order = data?.order;
  const [name, setName] = useState(order?.name ?? '');
  const nameId = useId();
  useEffect(() => setName(order?.name ?? ''), [order?.name]);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  if (isLoading) {
    return (
      <section className="order-panel" aria-label={heading}>
        <Heading className="order-panel__title">{heading}</Heading>
        <Spinner label="Loading your order" />
      </section>
    );
  }
  if (isError || !order) {
    return (
      <section className="order-panel" aria-label={heading}>
        <Heading className="order-panel__title">{heading}</Heading>
        <p className="muted">Your order could not be loaded.</p>
        <button type="button" className="btn btn--ghost" onClick={() => void refetch()}>
          Try again
        </button>
      </section>
    );
  }

  const label = mainButtonLabel(order, isAdmin, name);
  const disabled = mainButtonDisabled(order) || completeOrder.isPending || adhocSale.isPending;
  // A named sale shows what it will record (no postage), even before the name reaches the server.
  const shown = label === 'Ad-hoc Sale' ? adhocSaleView(order, name.trim()) : order;
  const onMain = () => {
    if (label === 'Ad-hoc Sale') {
      adhocSale.mutate({
        order: shown,
        latestTransaction: { value: centsToWholeString(shown.toPay), cardToken: '', buyerToken: '' },
      });
      return;
    }
    closeDialog('mobileOrder');
    openDialog('checkout');
  };

  return (
    <section className="order-panel" aria-label={heading}>
      <div className="order-panel__head">
        <Heading className="order-panel__title">{heading}</Heading>
        {actions.isPending ? <Spinner label="Updating your order" /> : null}
      </div>
      {order.orderItems.length === 0 ? (
        <p className="order-panel__empty">Your order is empty. Add comics, games or accessories to get started.</p>
      ) : (
        <ul className="lines" aria-label="Order items">
          {order.orderItems.map((line) => (
            <OrderLine
              key={line._id}
              line={line}
              editable={!order.complete}
              onIncrease={actions.increase}
              onDecrease={actions.decrease}
              onRemove={actions.remove}
            />
          ))}
        </ul>
      )}
      <OrderTotals order={shown} credit={data?.credit} />
      {isAdmin ? (
        <div className="field">
          <label className="field__label" htmlFor={nameId}>
            Customer name (ad-hoc sale)
          </label>
          <input
            id={nameId}
            className="input"
            value={name}
            autoComplete="off"
            onChange={(e) => setName(e.target.value)}
            onBlur={() => {
              if ((order.name ?? '') !== name.trim()) actions.setName(name.trim());
            }}
          />
        </div>
      ) : null}
      <button type="button" className="btn btn--primary btn--lg btn--block" disabled={disabled} onClick={onMain}>
        {label}
      </button>
    </section>
  );
}
