import { useEffect, useState } from 'react';

/** True from the first time `flag` is true: a lazily loaded part stays mounted once wanted. */
export function useLatch(flag: boolean): boolean {
  const [latched, setLatched] = useState(flag);
  useEffect(() => {
    if (flag) setLatched(true);
  }, [flag]);
  return latched || flag;
}

/** Starts loading lazy chunks when the browser is idle, so opening them later is instant. */
export function prefetchWhenIdle(loaders: Array<() => Promise<unknown>>): void {
  if (typeof window === 'undefined') return;
  const run = () => {
    for (const load of loaders) load().catch(() => undefined);
  };
  const w = window as Window & { requestIdleCallback?: (cb: () => void, opts?: { timeout: number }) => number };
  if (w.requestIdleCallback) w.requestIdleCallback(run, { timeout: 3000 });
  else setTimeout(run, 1500);
}
