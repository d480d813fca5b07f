import { CheckIcon, CloseIcon } from '../../../components/ui/icons';
import { MIN_PASSWORD_LENGTH, type PasswordRules } from '../lib/password-rules';

/** The indicators of a new password's rules (sign-up and reset): a tick or a cross per rule, read out as met or not. */
export function PasswordRulesList({ rules }: { rules: PasswordRules }) {
  const rule = (ok: boolean, text: string) => (
    <li className={ok ? 'rule is-ok' : 'rule'}>
      {ok ? <CheckIcon size={16} /> : <CloseIcon size={16} />}
      <span>{text}</span>
      <span className="visually-hidden">{ok ? ' (met)' : ' (not met)'}</span>
    </li>
  );
  return (
    <ul className="rules" aria-label="Password rules" aria-live="polite">
      {rule(rules.longEnough, `At least ${MIN_PASSWORD_LENGTH} characters`)}
      {rule(rules.matches, 'Passwords match')}
    </ul>
  );
}
