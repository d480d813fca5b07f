import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { allBatchesQueryOptions } from '../../../../api/get-all-batches';
import { aBatch } from '../../../../testing/contract-fixtures';
import { invalidateBatches } from './batches-cache';

const key = allBatchesQueryOptions().queryKey;
const older = aBatch({ _id: 'b-old', name: 'OCT26' });
const added = aBatch({ _id: 'b-new', name: 'NOV26' });

/** GET /all-batches answering from a read model that has not seen the new batch yet. */
function readModelBehind() {
  const fetch = vi.fn(async () => new Response(JSON.stringify({ batches: [older] }), { headers: { 'content-type': 'application/json' } }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => vi.unstubAllGlobals());

describe('invalidateBatches after an add', () => {
  it('puts the added batch into the cached list without reading it again', async () => {
    const fetch = readModelBehind();
    const client = new QueryClient();
    client.setQueryData(key, [older]);
    await invalidateBatches(client, added);
    expect((client.getQueryData(key) ?? []).map((b) => b._id)).toEqual(['b-new', 'b-old']);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('with no list cached, reads it and lays the added batch over it, so a read model behind cannot leave it out', async () => {
    const fetch = readModelBehind();
    const client = new QueryClient();
    await invalidateBatches(client, added);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect((client.getQueryData(key) ?? []).map((b) => b._id)).toEqual(['b-new', 'b-old']);
  });

  it('with no list cached and the read failing, leaves the list to be read when shown', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () => new Response(JSON.stringify({ message: 'down' }), { status: 503, headers: { 'content-type': 'application/json' } }),
      ),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await invalidateBatches(client, added);
    expect(client.getQueryData(key)).toBeUndefined();
  });
});
