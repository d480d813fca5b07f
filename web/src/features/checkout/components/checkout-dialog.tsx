import { useEffect, useRef, useState } from 'react';
import type { Address, Order } from '../../../types/api';
import { useUi } from '../../../lib/ui-state';
import { useSession } from '../../../lib/session';
import { centsToWholeString, formatMoney } from '../../../lib/money';
import { Dialog } from '../../../components/ui/dialog';
import { Checkbox } from '../../../components/ui/checkbox';
import { TextField, Spinner } from '../../../components/ui/field';
import { useCurrentOrder } from '../../../api/get-current-order';
import { useUpdateOrder } from '../../../api/update-order';
import { useCompleteOrder } from '../../../api/complete-order';
import { useOrderUpdateNotices } from '../../../hooks/use-order-update-notices';
import { OrderTotals } from '../../../components/order-totals';
import { isPaidInFull } from '../../../lib/order-rules';
import { addressErrors, emptyAddress, formatAddress, hasAddressErrors, type AddressErrors } from '../../../lib/address';
import { takeResumeAtPayment } from '../../../lib/after-checkout';
import {
  canChoosePickup,
  hasErrors,
  readyForPayment,
  savedAddressProblem,
  stepAfterShipping,
  stepBeforePayment,
  validateShipping,
  type CheckoutStep,
  type ShippingErrors,
} from '../lib/checkout-rules';
import { AddressForm } from './address-form';
import { AddressPicker, type AddressPickerHandle } from './address-picker';
import { OrderLine } from '../../../components/order-line';
import { PaymentForm, type CardResult } from './payment-form';
import { useCompletionNotices } from './completion-notices';

const STEPS: Array<{ step: CheckoutStep; label: string }> = [
  { step: 'shipping', label: 'Shipping' },
  { step: 'billing', label: 'Billing' },
  { step: 'payment', label: 'Payment' },
];

/** The 3-step checkout: shipping, billing, payment. */
export function CheckoutDialog() {
  const { open, setDialog } = useUi();
  const { data } = useCurrentOrder();
  return (
    <Dialog open={open.checkout} onOpenChange={(v) => setDialog('checkout', v)} title="Checkout" size="lg" className="checkout">
      {data?.order ? <CheckoutFlow key={data.order._id} order={data.order} /> : <Spinner label="Loading your order" />}
    </Dialog>
  );
}

function savedMatch(addresses: Address[], address: Address | null | undefined): Address | null {
  if (!address) return addresses[0] ?? null;
  return (
    addresses.find((a) => (address._id && a._id === address._id) || formatAddress(a) === formatAddress(address)) ?? addresses[0] ?? null
  );
}

function CheckoutFlow({ order }: { order: Order }) {
  const { user } = useSession();
  const isGuest = !user;
  const addresses = user?.addresses ?? [];
  const updateOrder = useUpdateOrder({ mutationConfig: useOrderUpdateNotices() });
  const completeOrder = useCompleteOrder({ mutationConfig: useCompletionNotices() });

  // After a declined card or a refusal the reload reopens the checkout here, at payment, when the
  // order still holds what the earlier steps checked.
  const [step, setStep] = useState<CheckoutStep>(() =>
    takeResumeAtPayment() &&
    readyForPayment({
      isGuest,
      email: order.email ?? '',
      shippingIsPickup: Boolean(order.shippingIsPickup),
      shippingIsSameAsBilling: order.shippingIsSameAsBilling ?? true,
      shippingAddress: order.shippingAddress ?? null,
      billingAddress: order.billingAddress ?? null,
    })
      ? 'payment'
      : 'shipping',
  );
  const flowRef = useRef<HTMLDivElement>(null);
  // Each step starts at its top (the last step's form may have been scrolled down).
  useEffect(() => {
    flowRef.current?.closest('.dialog__body')?.scrollTo({ top: 0 });
  }, [step]);
  const shippingPicker = useRef<AddressPickerHandle>(null);
  const billingPicker = useRef<AddressPickerHandle>(null);
  const [email, setEmail] = useState(order.email ?? '');
  const pickupAllowed = canChoosePickup(isGuest, user?.localPickup);
  const [pickup, setPickup] = useState(pickupAllowed && Boolean(order.shippingIsPickup));
  const [pickupConfirmed, setPickupConfirmed] = useState(pickupAllowed && Boolean(order.shippingIsPickup));
  const [sameAsShipping, setSameAsShipping] = useState(order.shippingIsSameAsBilling ?? true);
  const [shipping, setShippingState] = useState<Address | null>(() =>
    isGuest ? emptyAddress(order.shippingAddress ?? {}) : savedMatch(addresses, order.shippingAddress),
  );
  const [billing, setBillingState] = useState<Address | null>(() =>
    isGuest ? emptyAddress(order.billingAddress ?? {}) : savedMatch(addresses, order.billingAddress),
  );
  const [shippingErrors, setShippingErrors] = useState<ShippingErrors>({});
  const [billingErrors, setBillingErrors] = useState<AddressErrors | 'none' | null>(null);
  const [saving, setSaving] = useState(false);
  // A new choice clears the old complaint ("Please choose an address." under a chosen one).
  const setShipping = (address: Address | null) => {
    setShippingState(address);
    if (!isGuest) setShippingErrors((e) => ({ ...e, noAddress: undefined, address: undefined }));
  };
  const setBilling = (address: Address | null) => {
    setBillingState(address);
    if (!isGuest) setBillingErrors(null);
  };

  const busy = updateOrder.isPending || completeOrder.isPending || saving;

  const saveAndGo = (patch: Partial<Order>, next: CheckoutStep) => {
    updateOrder.mutate((current) => ({ ...current, ...patch }), { onSuccess: () => setStep(next) });
  };

  /** A signed-in shopper's new-address form, filled in and not yet saved: Next saves it and uses it. */
  const fromPicker = async (picker: AddressPickerHandle | null): Promise<Address | null | undefined> => {
    if (!picker) return undefined;
    setSaving(true);
    try {
      return await picker.takeDraft();
    } finally {
      setSaving(false);
    }
  };

  const submitShipping = async () => {
    let address = shipping;
    if (!isGuest && !pickup) {
      const taken = await fromPicker(shippingPicker.current);
      if (taken === null) return;
      if (taken) address = taken;
    }
    const errors = validateShipping({
      isGuest,
      email,
      shippingIsPickup: pickup,
      pickupConfirmed,
      shippingIsSameAsBilling: sameAsShipping,
      shippingAddress: address,
    });
    setShippingErrors(errors);
    if (hasErrors(errors)) return;
    const same = !pickup && sameAsShipping;
    saveAndGo(
      {
        ...(isGuest ? { email: email.trim() } : {}),
        shippingIsPickup: pickup,
        shippingIsSameAsBilling: same,
        shippingAddress: pickup ? null : address,
        ...(same ? { billingAddress: address } : {}),
      },
      stepAfterShipping(pickup, same),
    );
  };

  const submitBilling = async () => {
    let address = billing;
    if (!isGuest) {
      const taken = await fromPicker(billingPicker.current);
      if (taken === null) return;
      if (taken) address = taken;
    }
    if (!address) {
      setBillingErrors('none');
      return;
    }
    const bad = addressErrors(address);
    setBillingErrors(bad);
    if (hasAddressErrors(bad)) return;
    saveAndGo({ billingAddress: address, shippingIsSameAsBilling: false }, 'payment');
  };

  const { data } = useCurrentOrder();
  const latest = data?.order ?? order;
  const paidInFull = isPaidInFull(latest);
  const same = !pickup && sameAsShipping;

  const complete = (card: CardResult) => {
    completeOrder.mutate({
      order: latest,
      latestTransaction: { value: centsToWholeString(latest.toPay), cardToken: card.cardToken, buyerToken: card.buyerToken },
    });
  };

  const contact = (same ? shipping : billing) ?? shipping;
  const billingContact = {
    givenName: contact?.givenName || user?.givenName,
    familyName: contact?.familyName || user?.familyName,
    email: isGuest ? email : user?.email,
    addressLines: contact?.addressLine1 ? [contact.addressLine1] : undefined,
    city: contact?.suburb,
    state: contact?.state,
    postalCode: contact?.postalCode,
    countryCode: 'AU',
  };

  if (latest.orderItems.length === 0) {
    return <p>Your order is empty. Add something to your order first.</p>;
  }

  return (
    <div className="checkout__flow" ref={flowRef}>
      <ol className="steps" aria-label="Checkout steps">
        {STEPS.map(({ step: s, label }, index) => {
          const skipped = s === 'billing' && (pickup || same);
          return (
            <li
              key={s}
              className={`steps__item${s === step ? ' is-current' : ''}${skipped ? ' is-skipped' : ''}`}
              aria-current={s === step ? 'step' : undefined}
            >
              <span className="steps__num" aria-hidden="true">
                {index + 1}
              </span>
              {label}
              {skipped ? <span className="visually-hidden"> (not needed)</span> : null}
            </li>
          );
        })}
      </ol>

      {step === 'shipping' ? (
        <section aria-labelledby="checkout-shipping">
          <h3 id="checkout-shipping" className="checkout__heading">
            Shipping address
          </h3>
          {isGuest ? (
            <TextField
              label="Email"
              type="email"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              error={shippingErrors.email}
              hint="We send your order confirmation here."
              required
            />
          ) : null}
          {pickupAllowed ? (
            <div className="checkout__pickup">
              <Checkbox
                checked={pickup}
                onCheckedChange={(v) => {
                  setPickup(v);
                  if (!v) setPickupConfirmed(false);
                }}
                label="Local pickup in Brisbane (4075)"
                hint="No postage. The full pickup address is given when your order is complete."
              />
              {pickup ? (
                <Checkbox
                  checked={pickupConfirmed}
                  onCheckedChange={setPickupConfirmed}
                  label="Confirm okay with local pickup"
                  invalid={Boolean(shippingErrors.pickup)}
                  hint={shippingErrors.pickup}
                />
              ) : null}
            </div>
          ) : null}
          {!pickup ? (
            <>
              {isGuest ? (
                <AddressForm
                  value={shipping ?? emptyAddress()}
                  onChange={setShipping}
                  invalid={shippingErrors.address ?? {}}
                  legend="Ship to"
                />
              ) : (
                <AddressPicker
                  label="Ship to"
                  addresses={addresses}
                  selectedId={shipping?._id ?? null}
                  onSelect={setShipping}
                  ref={shippingPicker}
                  error={
                    shippingErrors.noAddress ? 'Please choose an address.' : shippingErrors.address ? savedAddressProblem(shipping) : null
                  }
                />
              )}
              <Checkbox checked={sameAsShipping} onCheckedChange={setSameAsShipping} label="Billing address same as shipping" />
            </>
          ) : null}
          <div className="dialog__actions">
            <button type="button" className="btn btn--primary" onClick={() => void submitShipping()} disabled={busy}>
              {busy ? 'Saving…' : 'Next'}
            </button>
          </div>
        </section>
      ) : null}

      {step === 'billing' ? (
        <section aria-labelledby="checkout-billing">
          <h3 id="checkout-billing" className="checkout__heading">
            Billing address
          </h3>
          {isGuest ? (
            <AddressForm
              value={billing ?? emptyAddress()}
              onChange={setBilling}
              invalid={billingErrors && billingErrors !== 'none' ? billingErrors : {}}
              legend="Bill to"
            />
          ) : (
            <AddressPicker
              label="Bill to"
              addresses={addresses}
              selectedId={billing?._id ?? null}
              onSelect={setBilling}
              ref={billingPicker}
              error={
                billingErrors === 'none'
                  ? 'Please choose an address.'
                  : billingErrors && hasAddressErrors(billingErrors)
                    ? savedAddressProblem(billing)
                    : null
              }
            />
          )}
          <div className="dialog__actions">
            <button type="button" className="btn btn--ghost" onClick={() => setStep('shipping')} disabled={busy}>
              Back
            </button>
            <button type="button" className="btn btn--primary" onClick={() => void submitBilling()} disabled={busy}>
              {busy ? 'Saving…' : 'Next'}
            </button>
          </div>
        </section>
      ) : null}

      {step === 'payment' ? (
        <section aria-labelledby="checkout-payment">
          <h3 id="checkout-payment" className="checkout__heading">
            {paidInFull ? 'Confirmation' : 'Continue to Payment'}
          </h3>
          <dl className="checkout__review">
            <div>
              <dt>Shipping</dt>
              <dd>{pickup ? 'Local pickup in Brisbane (4075)' : formatAddress(shipping)}</dd>
              <dd>
                <button type="button" className="link-btn" onClick={() => setStep('shipping')} aria-label="Change shipping address">
                  Change
                </button>
              </dd>
            </div>
            {isGuest ? (
              <div>
                <dt>Email</dt>
                <dd>{email}</dd>
              </div>
            ) : null}
            <div>
              <dt>Billing</dt>
              <dd>{pickup ? 'Not needed for pickup' : same ? 'Same as shipping' : formatAddress(billing)}</dd>
              {!pickup ? (
                <dd>
                  <button
                    type="button"
                    className="link-btn"
                    onClick={() => setStep(same ? 'shipping' : 'billing')}
                    aria-label="Change billing address"
                  >
                    Change
                  </button>
                </dd>
              ) : null}
            </div>
          </dl>
          <ul className="lines lines--compact checkout__lines" aria-label="Items you are buying">
            {latest.orderItems.map((line) => (
              <OrderLine key={line._id} line={line} editable={false} />
            ))}
          </ul>
          <OrderTotals order={latest} credit={data?.credit} />
          {paidInFull ? (
            <div className="checkout__paid">
              <p className="all-paid">All paid!</p>
              <div className="dialog__actions">
                <button type="button" className="btn btn--ghost" onClick={() => setStep(stepBeforePayment(pickup, same))} disabled={busy}>
                  Back
                </button>
                <button
                  type="button"
                  className="btn btn--primary"
                  disabled={busy}
                  onClick={() => complete({ cardToken: '', buyerToken: '' })}
                >
                  Complete
                </button>
              </div>
            </div>
          ) : (
            <>
              <p className="checkout__amount">
                Amount to pay: <strong>{formatMoney(latest.toPay)}</strong>
              </p>
              <PaymentForm
                amountCents={latest.toPay}
                billingContact={billingContact}
                busy={busy}
                onToken={complete}
                back={
                  <button type="button" className="btn btn--ghost" onClick={() => setStep(stepBeforePayment(pickup, same))} disabled={busy}>
                    Back
                  </button>
                }
              />
            </>
          )}
        </section>
      ) : null}
    </div>
  );
}
