import { useState, type FormEvent } from 'react';
import { useUi } from '../../../lib/ui-state';
import { ApiError, errorMessage } from '../../../lib/api';
import { Dialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/field';
import { useNotify } from '../../../components/ui/notify';
import { useSignUp } from '../api/sign-up';
import { MIN_PASSWORD_LENGTH, passwordRules, signUpConfirmValid } from '../lib/password-rules';
import { PasswordRulesList } from './password-rules-list';

/**
 * Given name, family name, email, password, confirm password. The password follows the reset's rules
 * (at least 8 characters, both fields equal) with the same indicators; the button waits for both.
 */
export function SignUpDialog() {
  const { open, setDialog, openDialog } = useUi();
  return (
    <Dialog open={open.signup} onOpenChange={(v) => setDialog('signup', v)} title="Sign Up" size="sm">
      <SignUpForm onLogin={() => openDialog('login')} onDone={() => setDialog('signup', false)} />
    </Dialog>
  );
}

function SignUpForm({ onLogin, onDone }: { onLogin: () => void; onDone: () => void }) {
  const notify = useNotify();
  const signUp = useSignUp();
  const [form, setForm] = useState({ givenName: '', familyName: '', email: '', password: '', passwordConfirm: '' });
  const set = (field: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [field]: e.target.value }));
  const confirmValid = signUpConfirmValid(form.password, form.passwordConfirm);
  const showConfirmError = form.passwordConfirm.length > 0 && !confirmValid;
  const rules = passwordRules(form.password, form.passwordConfirm);
  const valid = confirmValid && rules.longEnough;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    signUp.mutate(
      { ...form, email: form.email.trim() },
      {
        onSuccess: () => {
          onDone();
          notify({
            title: 'Success',
            message: 'You have successfully signed up and should now be logged in.',
            tone: 'success',
            onClose: () => window.location.reload(),
          });
        },
        onError: (error) =>
          notify({ title: 'Fail to sign up', message: error instanceof ApiError ? error.message : errorMessage(error), tone: 'error' }),
      },
    );
  };

  return (
    <form onSubmit={submit} className="form-stack">
      <div className="form-grid">
        <TextField label="Given name" autoComplete="given-name" value={form.givenName} onChange={set('givenName')} required />
        <TextField label="Family name" autoComplete="family-name" value={form.familyName} onChange={set('familyName')} required />
      </div>
      <TextField label="Email" type="email" autoComplete="email" value={form.email} onChange={set('email')} required />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        value={form.password}
        onChange={set('password')}
        minLength={MIN_PASSWORD_LENGTH}
        required
      />
      <TextField
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        value={form.passwordConfirm}
        onChange={set('passwordConfirm')}
        error={showConfirmError ? 'Passwords do not match' : null}
        required
      />
      <PasswordRulesList rules={rules} />
      <button type="submit" className="btn btn--primary btn--block" disabled={!valid || signUp.isPending}>
        {signUp.isPending ? 'Signing up…' : 'Sign Up'}
      </button>
      <div className="form-links">
        <button type="button" className="link-btn" onClick={onLogin}>
          Already have an account? Login
        </button>
      </div>
    </form>
  );
}
