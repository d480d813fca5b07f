import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { centsToDecimalString, formatMoney } from '../../../lib/money';
import { errorMessage } from '../../../lib/api';
import { Spinner } from '../../../components/ui/field';
import { useSiteSettings } from '../../../api/get-site-settings';
import {
  loadSquarePayments,
  squareConfig,
  testCardNonce,
  TEST_CARDS,
  tokenizationFailedMessage,
  type SquareCard,
  type SquarePayments,
  type SquareVerificationDetails,
} from '../lib/square';

export interface CardResult {
  cardToken: string;
  buyerToken: string;
}

interface PaymentFormProps {
  amountCents: number;
  billingContact: SquareVerificationDetails['billingContact'];
  busy: boolean;
  onToken: (result: CardResult) => void;
  /** The Back button, kept beside Pay in the dialog's always-visible button bar. */
  back?: ReactNode;
}

const SQUARE = squareConfig(import.meta.env);

/**
 * Square's card form when its ids are configured and the shop takes real payments; the labelled
 * test card form otherwise, and whenever the server says its payments go to the simulator.
 */
export function PaymentForm(props: PaymentFormProps) {
  const settings = useSiteSettings();
  if (SQUARE && settings.isPending) return <Spinner label="Loading the card form" />;
  return SQUARE && !settings.data?.paymentsTestMode ? <SquareCardForm {...props} /> : <TestCardForm {...props} />;
}

function SquareCardForm({ amountCents, billingContact, busy, onToken, back }: PaymentFormProps) {
  const container = useRef<HTMLDivElement>(null);
  const [payments, setPayments] = useState<SquarePayments | null>(null);
  const [card, setCard] = useState<SquareCard | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [working, setWorking] = useState(false);

  useEffect(() => {
    let cancelled = false;
    let attached: SquareCard | null = null;
    (async () => {
      try {
        const p = await loadSquarePayments(SQUARE!);
        const c = await p.card();
        if (cancelled || !container.current) return;
        await c.attach(container.current);
        attached = c;
        setPayments(p);
        setCard(c);
      } catch (e) {
        console.error(e);
        if (!cancelled) setError(errorMessage(e));
      }
    })();
    return () => {
      cancelled = true;
      void attached?.destroy();
    };
  }, []);

  const pay = async () => {
    if (!card || !payments) return;
    setError(null);
    setWorking(true);
    try {
      const result = await card.tokenize();
      if (result.status !== 'OK' || !result.token) {
        const message = tokenizationFailedMessage(result.status);
        console.error(message, result.errors);
        setError(result.errors?.[0]?.message ?? message);
        return;
      }
      const verification = await payments.verifyBuyer(result.token, {
        amount: centsToDecimalString(amountCents),
        billingContact,
        currencyCode: 'AUD',
        intent: 'CHARGE',
      });
      onToken({ cardToken: result.token, buyerToken: verification?.token ?? '' });
    } catch (e) {
      console.error(e);
      setError(errorMessage(e));
    } finally {
      setWorking(false);
    }
  };

  return (
    <div className="card-form">
      <div ref={container} className="card-form__square" aria-label="Card details" />
      {!card && !error ? <Spinner label="Loading the card form" /> : null}
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="dialog__actions">
        {back}
        <button type="button" className="btn btn--primary" disabled={!card || busy || working} onClick={() => void pay()}>
          Pay {formatMoney(amountCents)}
        </button>
      </div>
    </div>
  );
}

/** A stand-in for Square's card form producing Square's sandbox test nonces. */
function TestCardForm({ amountCents, busy, onToken, back }: PaymentFormProps) {
  const id = useId();
  const [number, setNumber] = useState('');
  const [error, setError] = useState<string | null>(null);

  const pay = (event: FormEvent) => {
    event.preventDefault();
    const nonce = testCardNonce(number);
    if (!nonce) {
      setError('Use one of the test card numbers listed below.');
      return;
    }
    setError(null);
    onToken({ cardToken: nonce, buyerToken: '' });
  };

  return (
    <form className="card-form card-form--test" onSubmit={pay} aria-label="Test card payment">
      <p className="test-banner">
        <strong>Test mode:</strong> this shop takes no real payments; use a test card below.
      </p>
      <div className="field">
        <label htmlFor={`${id}-number`} className="field__label">
          Card number
        </label>
        <input
          id={`${id}-number`}
          className="input"
          inputMode="numeric"
          autoComplete="off"
          placeholder="4111 1111 1111 1111"
          value={number}
          onChange={(e) => setNumber(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-cards${error ? ` ${id}-error` : ''}`}
        />
        {error ? (
          <p id={`${id}-error`} className="field__error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
      <div id={`${id}-cards`} className="test-cards">
        <p>Test card numbers:</p>
        <ul>
          {TEST_CARDS.map((c) => (
            <li key={c.number}>
              <button
                type="button"
                className="link-btn"
                onClick={() => setNumber(c.number)}
                aria-label={`Use test card ${c.number} (${c.label})`}
              >
                <code>{c.number}</code>
              </button>{' '}
              – {c.label}
            </li>
          ))}
        </ul>
      </div>
      <div className="dialog__actions">
        {back}
        <button type="submit" className="btn btn--primary" disabled={busy}>
          Pay {formatMoney(amountCents)}
        </button>
      </div>
    </form>
  );
}
