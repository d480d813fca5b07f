import { useState, type FormEvent } from 'react';
import { useUi } from '../../../lib/ui-state';
import { errorMessage } from '../../../lib/api';
import { useUser } from '../../../lib/session';
import { Dialog } from '../../../components/ui/dialog';
import { TextAreaField, TextField } from '../../../components/ui/field';
import { useNotify } from '../../../components/ui/notify';
import { isValidEmail } from '../../../lib/email';
import { useAddFeedback } from '../api/add-feedback';

/** Feedback: email (guests only; logged-in users' email comes from the account) and description. */
export function FeedbackDialog() {
  const { open, setDialog } = useUi();
  return (
    <Dialog
      open={open.feedback}
      onOpenChange={(v) => setDialog('feedback', v)}
      title="Feedback"
      description="Questions, wants lists, or something not right? Tell us and we will get back to you."
      size="sm"
    >
      <FeedbackForm onDone={() => setDialog('feedback', false)} />
    </Dialog>
  );
}

function FeedbackForm({ onDone }: { onDone: () => void }) {
  const user = useUser();
  const notify = useNotify();
  const addFeedback = useAddFeedback();
  const [email, setEmail] = useState('');
  const [description, setDescription] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!user) {
      if (!email.trim()) return setEmailError('Email is required');
      if (!isValidEmail(email)) return setEmailError('Invalid email address');
    }
    setEmailError(null);
    addFeedback.mutate(
      { email: user ? user.email : email.trim(), description },
      {
        onSuccess: (data) => {
          onDone();
          notify({ title: 'Success', message: data.message || 'Thank you for your feedback.', tone: 'success' });
        },
        onError: (error) => notify({ title: 'Fail', message: errorMessage(error), tone: 'error' }),
      },
    );
  };

  return (
    <form onSubmit={submit} className="form-stack" noValidate>
      {!user ? (
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={emailError}
          required
        />
      ) : (
        <p className="muted">We will reply to {user.email}.</p>
      )}
      <TextAreaField label="Description" rows={5} value={description} onChange={(e) => setDescription(e.target.value)} required />
      <button type="submit" className="btn btn--primary btn--block" disabled={addFeedback.isPending || !description.trim()}>
        {addFeedback.isPending ? 'Sending…' : 'Send feedback'}
      </button>
    </form>
  );
}
