import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { Checkbox } from '../../components/ui/checkbox';
import { TextAreaField, TextField } from '../../components/ui/field';
import { useNotify } from '../../components/ui/notify';
import { errorMessage } from '../../lib/api';
import { formatDateTime } from '../../lib/dates';
import {
  useAddCheckListItem,
  useAdminSiteSettings,
  useCheckList,
  useDeleteAllCheckList,
  useDeleteCheckListItem,
  useEditCheckListItem,
  useFeedbacks,
  useSaveSiteSettings,
} from '../api/misc';
import { ConfirmDelete, LoadMore, QueryState, ScreenHeader, useFail, useReveal } from '../components/admin-ui';
import type { AdminSiteSettings } from '../types';

/** /admin-feedback: My Feedbacks, newest first. */
export function FeedbackScreen() {
  const query = useFeedbacks();
  const feedbacks = useMemo(
    () => [...(query.data ?? [])].sort((a, b) => (new Date(b.createdAt ?? 0).getTime() || 0) - (new Date(a.createdAt ?? 0).getTime() || 0)),
    [query.data],
  );
  const reveal = useReveal(feedbacks, 'feedback');
  return (
    <div className="admin-screen">
      <ScreenHeader title="My Feedbacks">
        <button type="button" className="btn btn--ghost btn--sm" onClick={() => void query.refetch()} aria-label="Refresh My Feedbacks">
          Refresh
        </button>
      </ScreenHeader>
      <QueryState query={query} label="feedback" isEmpty={feedbacks.length === 0} empty={<p>No feedback yet.</p>}>
        <ul className="admin-list">
          {reveal.visible.map((feedback) => (
            <li key={feedback._id}>
              <article className="card admin-feedback" aria-label={`Feedback from ${feedback.email || 'unknown'}`}>
                <header className="admin-feedback__head">
                  {feedback.email ? (
                    <a className="link" href={`mailto:${feedback.email}`}>
                      {feedback.email}
                    </a>
                  ) : (
                    <span className="muted">No email</span>
                  )}
                  <time className="muted" dateTime={feedback.createdAt ?? undefined}>
                    {formatDateTime(feedback.createdAt)}
                  </time>
                </header>
                <p className="admin-feedback__text">{feedback.description}</p>
              </article>
            </li>
          ))}
        </ul>
        <LoadMore count={reveal.visible.length} label="feedback" hasMore={reveal.hasMore} loading={false} onLoadMore={reveal.more} />
      </QueryState>
    </div>
  );
}

/** /admin-check-list and /admin-ebay-check-list: items with name, description and status; done items struck through. */
export function CheckListScreen({ title }: { title: string }) {
  const query = useCheckList();
  const add = useAddCheckListItem();
  const edit = useEditCheckListItem();
  const remove = useDeleteCheckListItem();
  const removeAll = useDeleteAllCheckList();
  const fail = useFail();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [done, setDone] = useState(false);
  const [nameError, setNameError] = useState<string | null>(null);
  const items = query.data ?? [];
  const open = items.filter((i) => !i.status).length;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setNameError('Name is required');
      return;
    }
    setNameError(null);
    add.mutate(
      { name: name.trim(), description: description.trim(), status: done },
      {
        onSuccess: () => {
          setName('');
          setDescription('');
          setDone(false);
        },
        onError: (error) => fail(error, 'not saved'),
      },
    );
  };

  return (
    <div className="admin-screen">
      <ScreenHeader title={title} description={items.length ? `${open} open, ${items.length - open} done.` : undefined}>
        <ConfirmDelete
          confirmLabel="Yes, delete all"
          trigger={
            <button type="button" className="btn btn--ghost btn--sm stock-card__delete" disabled={items.length === 0 || removeAll.isPending}>
              Delete all
            </button>
          }
          onConfirm={() => removeAll.mutate(undefined, { onError: (error) => fail(error, 'Error! CheckList not deleted') })}
        />
      </ScreenHeader>
      <section className="card admin-section" aria-labelledby="check-add-heading">
        <h2 id="check-add-heading" className="section-title">
          Add an item
        </h2>
        <form className="form-stack" onSubmit={submit} noValidate>
          <div className="form-grid admin-form-grid">
            <TextField label="Name" value={name} onChange={(e) => setName(e.target.value)} error={nameError} required autoComplete="off" />
            <TextField label="Description" value={description} onChange={(e) => setDescription(e.target.value)} autoComplete="off" />
          </div>
          <Checkbox label="Done" checked={done} onCheckedChange={setDone} />
          <div className="form-actions form-actions--start">
            <button type="submit" className="btn btn--primary" disabled={add.isPending}>
              {add.isPending ? 'Adding…' : 'Add item'}
            </button>
          </div>
        </form>
      </section>
      <QueryState query={query} label="the check list" isEmpty={items.length === 0} empty={<p>The check list is empty.</p>}>
        <ul className="admin-checklist" aria-label={title}>
          {items.map((item) => (
            <li key={item._id} className={item.status ? 'admin-checklist__item is-done' : 'admin-checklist__item'}>
              <Checkbox
                label={
                  <span className="admin-checklist__text">
                    <span className="admin-checklist__name">{item.name}</span>
                    {item.description ? <span className="admin-checklist__description"> — {item.description}</span> : null}
                  </span>
                }
                checked={item.status}
                onCheckedChange={(status) => edit.mutate({ id: item._id, status }, { onError: (error) => fail(error, 'Error! CheckList not updated') })}
              />
              <ConfirmDelete
                trigger={
                  <button type="button" className="btn btn--ghost btn--sm stock-card__delete" aria-label={`Delete ${item.name}`} disabled={remove.isPending}>
                    Delete
                  </button>
                }
                onConfirm={() => remove.mutate(item._id, { onError: (error) => fail(error, 'Error! CheckList not deleted') })}
              />
            </li>
          ))}
        </ul>
      </QueryState>
    </div>
  );
}

const DEFAULT_DAYS = 7;

/** /admin-site-settings: hide accessories and games, warning text, marketplace transaction updates. */
export function SiteSettingsScreen() {
  const query = useAdminSiteSettings();
  const save = useSaveSiteSettings();
  const notify = useNotify();
  const [values, setValues] = useState<AdminSiteSettings | null>(null);
  const [days, setDays] = useState(String(DEFAULT_DAYS));
  const [daysError, setDaysError] = useState<string | null>(null);
  useEffect(() => {
    if (query.data && !values) {
      setValues(query.data);
      setDays(String(query.data.updateTransactionsDays ?? DEFAULT_DAYS));
    }
  }, [query.data, values]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!values) return;
    const parsed = Number.parseInt(days, 10);
    if (!Number.isInteger(parsed) || parsed < 1 || parsed > 365 || !/^\s*\d+\s*$/.test(days)) {
      setDaysError('Days must be a whole number from 1 to 365');
      return;
    }
    setDaysError(null);
    const body: AdminSiteSettings = {
      hideAccessories: values.hideAccessories,
      hideGames: values.hideGames,
      warningText: values.warningText ?? '',
      updateTransactionsSave: Boolean(values.updateTransactionsSave),
      updateTransactionsDays: parsed,
    };
    save.mutate(body, {
      onSuccess: (data) => notify({ title: 'Success', message: data?.message || 'Site settings saved', tone: 'success' }),
      onError: (error) => notify({ title: 'Fail', message: errorMessage(error), tone: 'error' }),
    });
  };

  return (
    <div className="admin-screen">
      <ScreenHeader title="Site Settings" />
      <QueryState query={query} label="site settings">
        {values ? (
          <form className="card form-stack admin-settings" onSubmit={submit} noValidate>
            <fieldset className="admin-fieldset">
              <legend className="section-title">Shop</legend>
              <Checkbox label="Hide accessories" checked={values.hideAccessories} onCheckedChange={(hideAccessories) => setValues({ ...values, hideAccessories })} />
              <Checkbox label="Hide games" checked={values.hideGames} onCheckedChange={(hideGames) => setValues({ ...values, hideGames })} />
              <TextAreaField
                label="Warning text"
                rows={3}
                value={values.warningText ?? ''}
                onChange={(e) => setValues({ ...values, warningText: e.target.value })}
                placeholder="Shown in a banner at the top of every page; blank shows none"
              />
            </fieldset>
            <fieldset className="admin-fieldset">
              <legend className="section-title">eBay transactions</legend>
              <Checkbox
                label="Save transactions when updating"
                checked={Boolean(values.updateTransactionsSave)}
                onCheckedChange={(updateTransactionsSave) => setValues({ ...values, updateTransactionsSave })}
              />
              <TextField label="Days of transactions to update" inputMode="numeric" value={days} onChange={(e) => setDays(e.target.value)} error={daysError} />
            </fieldset>
            <div className="form-actions form-actions--start">
              <button type="submit" className="btn btn--primary" disabled={save.isPending}>
                {save.isPending ? 'Saving…' : 'Save settings'}
              </button>
            </div>
          </form>
        ) : null}
      </QueryState>
    </div>
  );
}
