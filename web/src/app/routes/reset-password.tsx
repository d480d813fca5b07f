import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { errorMessage } from '../../lib/api';
import { useDocumentTitle } from '../../lib/hooks';
import { TextField } from '../../components/ui/field';
import { useNotify } from '../../components/ui/notify';
import { useResetPassword } from '../../features/auth/api/reset-password';
import { PasswordRulesList } from '../../features/auth/components/password-rules-list';
import { resetPasswordRules } from '../../features/auth/lib/password-rules';

/** Set a new password: at least 8 characters and both fields matching, each rule with an indicator. */
export function ResetPasswordRoute() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const notify = useNotify();
  const reset = useResetPassword();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const rules = resetPasswordRules(password, confirm);
  const valid = rules.longEnough && rules.matches;
  useDocumentTitle('Reset password');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    reset.mutate(
      { resetPasswordToken: token, newPassword: password },
      {
        onSuccess: (data) =>
          notify({
            title: 'Success',
            message: data.message || 'Your password has been reset.',
            tone: 'success',
            onClose: () => navigate('/'),
          }),
        onError: (error) => notify({ title: 'Fail', message: errorMessage(error), tone: 'error' }),
      },
    );
  };

  return (
    <div className="page page--narrow">
      <h1 className="page-title">Reset your password</h1>
      <form className="card form-stack" onSubmit={submit}>
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <TextField
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
        />
        <PasswordRulesList rules={rules} />
        <button type="submit" className="btn btn--primary btn--block" disabled={!valid || reset.isPending}>
          Reset password
        </button>
      </form>
    </div>
  );
}
