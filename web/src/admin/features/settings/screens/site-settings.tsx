import { useEffect, useState, type FormEvent } from 'react';
import { Checkbox } from '../../../../components/ui/checkbox';
import { TextAreaField, TextField } from '../../../../components/ui/field';
import { useNotify } from '../../../../components/ui/notify';
import { errorMessage } from '../../../../lib/api';
import { useSaveSiteSettings } from '../api/save-site-settings';
import { QueryState, ScreenHeader } from '../../../components/admin-ui';
import type { AdminSiteSettings } from '../../../types';
import { useAdminSiteSettings } from '../api/get-admin-site-settings';

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
              <Checkbox
                label="Hide accessories"
                checked={values.hideAccessories}
                onCheckedChange={(hideAccessories) => setValues({ ...values, hideAccessories })}
              />
              <Checkbox
                label="Hide games"
                checked={values.hideGames}
                onCheckedChange={(hideGames) => setValues({ ...values, hideGames })}
              />
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
              <TextField
                label="Days of transactions to update"
                inputMode="numeric"
                value={days}
                onChange={(e) => setDays(e.target.value)}
                error={daysError}
              />
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
