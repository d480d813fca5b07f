import * as CheckboxPrimitive from '@radix-ui/react-checkbox';
import { useId, type ReactNode } from 'react';
import { CheckIcon } from './icons';

interface CheckboxProps {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  label: ReactNode;
  disabled?: boolean;
  invalid?: boolean;
  hint?: ReactNode;
}

/** A labelled Radix checkbox. */
export function Checkbox({ checked, onCheckedChange, label, disabled, invalid, hint }: CheckboxProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className="checkbox-row">
      <CheckboxPrimitive.Root
        id={id}
        className="checkbox"
        checked={checked}
        disabled={disabled}
        aria-invalid={invalid || undefined}
        aria-describedby={hint ? hintId : undefined}
        onCheckedChange={(value) => onCheckedChange(value === true)}
      >
        <CheckboxPrimitive.Indicator className="checkbox__indicator">
          <CheckIcon size={14} strokeWidth={3} />
        </CheckboxPrimitive.Indicator>
      </CheckboxPrimitive.Root>
      <div>
        <label htmlFor={id} className={disabled ? 'checkbox__label is-disabled' : 'checkbox__label'}>
          {label}
        </label>
        {hint ? (
          <p id={hintId} className={invalid ? 'field__error' : 'field__hint'}>
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  );
}
