import { useEffect, useState, type FormEvent } from 'react';
import { Dialog } from '../../../../components/ui/dialog';
import { TextAreaField, TextField } from '../../../../components/ui/field';
import { useNotify } from '../../../../components/ui/notify';
import { errorMessage } from '../../../../lib/api';
import { useUsers } from '../../../api/get-users';
import { SelectField } from '../../../components/admin-ui';
import type { AdminUser } from '../../../types';
import '../../../components/listing-actions.css';
import { userName } from '../../../lib/user-name';
import { useSendCredit } from '../api/send-credit';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The user to credit; without one the dialog lists the users to choose from (the header's use). */
  user?: Pick<AdminUser, '_id' | 'email' | 'givenName' | 'familyName'> | null;
}

/**
 * Send store credit (POST /user-send-credit {targetUserId, amount (as typed), description} -> {message}).
 * Success shows 'Success' with the server's message; failure 'Fail' with the server's message.
 */
export function SendCreditDialog({ open, onOpenChange, user }: Props) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={user ? `Send credit to ${userName(user)}` : 'Send credit'}
      description="The credit is added to the customer's account and used on their next order."
      size="sm"
    >
      {open ? <SendCreditForm user={user ?? null} onDone={() => onOpenChange(false)} /> : null}
    </Dialog>
  );
}

function SendCreditForm({ user, onDone }: { user: Props['user']; onDone: () => void }) {
  const notify = useNotify();
  const send = useSendCredit();
  const users = useUsers(!user);
  const [targetUserId, setTargetUserId] = useState(user?._id ?? '');
  const [amount, setAmount] = useState('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<{ user?: string; amount?: string }>({});
  useEffect(() => {
    if (user?._id) setTargetUserId(user._id);
  }, [user?._id]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: typeof errors = {};
    if (!targetUserId) next.user = 'Choose a user';
    if (!amount.trim()) next.amount = 'Amount is required';
    setErrors(next);
    if (Object.keys(next).length) return;
    send.mutate(
      { targetUserId, amount: amount.trim(), description: description.trim() },
      {
        onSuccess: (result) => {
          if (result.ok) {
            notify({ title: 'Success', message: result.message, tone: 'success' });
            onDone();
          } else {
            notify({ title: 'Fail', message: result.message, tone: 'error' });
          }
        },
        onError: (error) => notify({ title: 'Fail', message: errorMessage(error), tone: 'error' }),
      },
    );
  };

  return (
    <form className="form-stack" onSubmit={submit} noValidate>
      {user ? (
        <p className="muted">{user.email}</p>
      ) : (
        <SelectField
          label="User"
          value={targetUserId}
          onChange={(e) => setTargetUserId(e.target.value)}
          error={errors.user}
          disabled={users.isLoading}
        >
          <option value="">{users.isLoading ? 'Loading users…' : 'Choose a user'}</option>
          {(users.data ?? []).map((u) => (
            <option key={u._id} value={u._id}>
              {userName(u)} ({u.email})
            </option>
          ))}
        </SelectField>
      )}
      <TextField
        label="Amount"
        inputMode="decimal"
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
        error={errors.amount}
        hint="In dollars, e.g. 10.00"
        required
        autoComplete="off"
      />
      <TextAreaField label="Description" rows={3} value={description} onChange={(e) => setDescription(e.target.value)} />
      <button type="submit" className="btn btn--primary btn--block" disabled={send.isPending}>
        {send.isPending ? 'Sending…' : 'Send credit'}
      </button>
    </form>
  );
}

export default SendCreditDialog;
