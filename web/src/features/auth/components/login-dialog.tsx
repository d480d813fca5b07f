import { useState, type FormEvent } from 'react';
import { useUi } from '../../../lib/ui-state';
import { ApiError, errorMessage } from '../../../lib/api';
import { Dialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/field';
import { useNotify } from '../../../components/ui/notify';
import { useLogin } from '../api/login';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { isValidEmail } from '../../../lib/email';

/** Email and password, plus a reset password button. Success shows 'Success' and reloads. */
export function LoginDialog() {
  const { open, setDialog, openDialog } = useUi();
  return (
    <Dialog open={open.login} onOpenChange={(v) => setDialog('login', v)} title="Login" size="sm">
      <LoginForm onSignUp={() => openDialog('signup')} onDone={() => setDialog('login', false)} />
    </Dialog>
  );
}

function LoginForm({ onSignUp, onDone }: { onSignUp: () => void; onDone: () => void }) {
  const notify = useNotify();
  const login = useLogin();
  const requestReset = useRequestPasswordReset();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    login.mutate(
      { email: email.trim(), password },
      {
        onSuccess: (data) => {
          onDone();
          notify({
            title: 'Success',
            message: data.message || 'You are now logged in.',
            tone: 'success',
            onClose: () => window.location.reload(),
          });
        },
        onError: (error) => {
          if (error instanceof ApiError) notify({ title: 'Fail', message: error.message, tone: 'error' });
          else notify({ title: 'Error', message: errorMessage(error, 'unknown error'), tone: 'error' });
        },
      },
    );
  };

  const reset = () => {
    if (!isValidEmail(email)) {
      setEmailError(email.trim() ? 'Invalid email address' : 'Enter your email address to reset your password');
      return;
    }
    setEmailError(null);
    requestReset.mutate(email.trim(), {
      onSuccess: () => {
        onDone();
        notify({ title: 'Reset password', message: 'Please check your emails and follow instructions', tone: 'info' });
      },
      onError: (error) => notify({ title: 'Fail', message: errorMessage(error), tone: 'error' }),
    });
  };

  return (
    <form onSubmit={submit} className="form-stack" noValidate>
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={emailError}
        required
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        required
      />
      <button type="submit" className="btn btn--primary btn--block" disabled={login.isPending || !email.trim() || !password}>
        {login.isPending ? 'Logging in…' : 'Login'}
      </button>
      <div className="form-links">
        <button type="button" className="link-btn" onClick={reset} disabled={requestReset.isPending}>
          Reset password
        </button>
        <button type="button" className="link-btn" onClick={onSignUp}>
          New here? Sign Up
        </button>
      </div>
    </form>
  );
}
