import { describe, expect, it } from 'vitest';
import type { LoadClient, Sent } from './http.ts';
import { RequestMix } from './requestMix.ts';
import { BrowsingShoppers } from './shoppers.ts';
import { BrowsingRecorder } from './stats.ts';
import { SearchTermPicker } from './terms.ts';

/** A client whose answers come only when the test lets them: each request waits in `waiting`. */
function heldClient() {
  const waiting: { path: string; answer: () => void }[] = [];
  const client = {
    send: (_method: string, path: string) =>
      new Promise<Sent>((resolve) => waiting.push({ path, answer: () => resolve({ status: 200, ms: 1, body: null, error: null }) })),
  } as unknown as LoadClient;
  return { client, waiting };
}
const mix = () => new RequestMix(new SearchTermPicker({ words: ['batman', 'saga'], pairs: ['absolute batman'] }));
/** An arrival, as the open loop's schedule makes one. */
const arrive = (shoppers: BrowsingShoppers) => (shoppers as unknown as { due(): void }).due();
const settled = () => new Promise((r) => setImmediate(r));

describe('browsing shoppers, open loop', () => {
  it('send each arrival from a visitor with nothing in flight, and count one that finds every visitor waiting', async () => {
    const { client, waiting } = heldClient();
    const recorder = new BrowsingRecorder();
    recorder.begin();
    const shoppers = new BrowsingShoppers(client, mix(), recorder, [], 2, 100);
    arrive(shoppers);
    arrive(shoppers);
    arrive(shoppers);
    expect(waiting).toHaveLength(2);
    waiting[0]!.answer();
    await settled();
    arrive(shoppers);
    expect(waiting).toHaveLength(3);
    for (const w of waiting.slice(1)) w.answer();
    await settled();
    const window = recorder.end();
    expect(window.all.skipped).toBe(1);
    expect(Object.values(window.kinds).reduce((n, k) => n + k.count, 0)).toBe(3);
  });

  it('keep the closed loop when no rate is set: each visitor asks again once answered', async () => {
    const { client, waiting } = heldClient();
    const shoppers = new BrowsingShoppers(client, mix(), new BrowsingRecorder(), [], 3);
    shoppers.start();
    expect(waiting).toHaveLength(3);
    waiting[1]!.answer();
    await settled();
    expect(waiting).toHaveLength(4);
    const stopped = shoppers.stop();
    for (const w of waiting) w.answer();
    await stopped;
  });
});
