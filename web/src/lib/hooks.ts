import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useSearchParams } from 'react-router';
import { SHOP_NAME } from '../config';

/** Whether a CSS media query matches, kept up to date. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** The large-screen layout shows the order as a side panel. */
export const DESKTOP_QUERY = '(min-width: 1024px)';

/** Sets the document title to the shop name plus a page name. */
export function useDocumentTitle(page?: string | null): void {
  useEffect(() => {
    document.title = page ? `${SHOP_NAME} - ${page}` : SHOP_NAME;
  }, [page]);
}

/**
 * A screen's choice kept in the address (`?sort=price-asc`): `choose(key, value, fallback)` sets the
 * parameter, or removes it when the value is the default, replacing the history entry. Two choices
 * made before the screen renders again both stay: each builds on the address the one before it
 * asked for, not on the address of the last render (which would put back what the first removed).
 */
export function useAddressChoice(): (key: string, value: string, fallback: string) => void {
  const [params, setParams] = useSearchParams();
  const latest = useRef(params);
  latest.current = params;
  return (key, value, fallback) => {
    const next = new URLSearchParams(latest.current);
    if (value === fallback) next.delete(key);
    else next.set(key, value);
    latest.current = next;
    setParams(next, { replace: true });
  };
}
