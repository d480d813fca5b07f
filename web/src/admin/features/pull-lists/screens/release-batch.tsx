import { useState } from 'react';
import type { ReleaseBatchAnswer } from '@shop/domain/contract/pullLists';
import { useAdminBatches } from '../../../api/get-admin-batches';
import { InlineMessage, QueryState, ScreenHeader, SelectField, useFail } from '../../../components/admin-ui';
import { useReleaseBatch } from '../api/release-batch';
import '../pull-lists.css';

/** /admin-pull-list-release: the books of a batch arrived; its reserved copies go into the customers' orders. */
export function ReleaseBatchScreen() {
  const batches = useAdminBatches();
  const release = useReleaseBatch();
  const fail = useFail();
  const [batchId, setBatchId] = useState('');
  const [result, setResult] = useState<ReleaseBatchAnswer | null>(null);
  const list = [...(batches.data ?? [])].sort((a, b) => String(b.publishDate ?? '').localeCompare(String(a.publishDate ?? '')));

  return (
    <div className="admin-screen pull-admin">
      <ScreenHeader
        title="Release Pull Lists"
        description="When a batch's books arrive, release its pull-list reservations: each customer's reserved copies join their current order, marked as pull-list lines they cannot remove."
      />
      <QueryState query={batches} label="batches" isEmpty={list.length === 0} empty={<p>No batches yet.</p>}>
        <form
          className="admin-filters"
          onSubmit={(e) => {
            e.preventDefault();
            if (!batchId) return;
            release.mutate(batchId, { onSuccess: setResult, onError: (err) => fail(err) });
          }}
        >
          <SelectField label="Batch" value={batchId} onChange={(e) => setBatchId(e.target.value)} required>
            <option value="">Choose a batch</option>
            {list.map((b) => (
              <option key={b._id} value={b._id}>
                {b.name}
              </option>
            ))}
          </SelectField>
          <div>
            <button type="submit" className="btn btn--primary" disabled={!batchId || release.isPending}>
              Release reservations
            </button>
          </div>
        </form>
        {result ? (
          <div className="admin-result">
            <InlineMessage tone={result.reservations > 0 ? 'success' : 'info'}>{result.message}</InlineMessage>
            {result.skipped.length > 0 ? (
              <ul>
                {result.skipped.map((s) => (
                  <li key={`${s.userId}-${s.title}`}>
                    {s.title}: {s.reason}
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}
      </QueryState>
    </div>
  );
}
