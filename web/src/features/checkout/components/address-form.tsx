import { useId } from 'react';
import type { Address } from '../../../types/api';
import { ADDRESS_LABELS, AUSTRALIAN_STATES, toAddressErrors, type AddressErrors, type AddressField } from '../../../lib/address';
import { AddressSearch } from './address-search';

interface Props {
  value: Address;
  onChange: (address: Address) => void;
  /** Fields to mark invalid: blank ones, or each with its message. */
  invalid?: AddressField[] | AddressErrors;
  legend?: string;
}

/** Given name, family name, address, suburb, state and postcode; each must be non-empty. */
export function AddressForm({ value, onChange, invalid, legend = 'Address' }: Props) {
  const id = useId();
  const errors = toAddressErrors(invalid);
  const set = (field: keyof Address, v: string) => onChange({ ...value, [field]: v });
  const input = (field: AddressField, autoComplete: string, extra: Record<string, unknown> = {}) => {
    const bad = Boolean(errors[field]);
    return (
      <div className={`field field--${field}`}>
        <label htmlFor={`${id}-${field}`} className="field__label">
          {ADDRESS_LABELS[field]}
        </label>
        <input
          id={`${id}-${field}`}
          className="input"
          value={value[field] ?? ''}
          onChange={(e) => set(field, e.target.value)}
          autoComplete={autoComplete}
          required
          aria-invalid={bad || undefined}
          aria-describedby={bad ? `${id}-${field}-error` : undefined}
          {...extra}
        />
        {bad ? (
          <p id={`${id}-${field}-error`} className="field__error">
            {errors[field]}
          </p>
        ) : null}
      </div>
    );
  };
  const stateBad = Boolean(errors.state);
  return (
    <fieldset className="address-form">
      <legend className="address-form__legend">{legend}</legend>
      <div className="form-grid">
        {input('givenName', 'given-name')}
        {input('familyName', 'family-name')}
        <AddressSearch onPick={(fields) => onChange({ ...value, ...fields })} />
        <div className="field--full">{input('addressLine1', 'address-line1')}</div>
        {input('suburb', 'address-level2')}
        <div className="field field--state">
          <label htmlFor={`${id}-state`} className="field__label">
            State
          </label>
          <select
            id={`${id}-state`}
            className="input"
            value={value.state ?? ''}
            onChange={(e) => set('state', e.target.value)}
            autoComplete="address-level1"
            required
            aria-invalid={stateBad || undefined}
            aria-describedby={stateBad ? `${id}-state-error` : undefined}
          >
            <option value="">Choose…</option>
            {AUSTRALIAN_STATES.map((s) => (
              <option key={s.code} value={s.code}>
                {s.code} – {s.name}
              </option>
            ))}
          </select>
          {stateBad ? (
            <p id={`${id}-state-error`} className="field__error">
              {errors.state}
            </p>
          ) : null}
        </div>
        {input('postalCode', 'postal-code', { inputMode: 'numeric', maxLength: 4 })}
      </div>
    </fieldset>
  );
}
