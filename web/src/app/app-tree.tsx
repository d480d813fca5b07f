import { StrictMode, useLayoutEffect, type ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { AppProvider } from './provider';

/** The root element, as index.html has it; the server's drawing of the homepage is inert in it until hydrated. */
export const ROOT_ID = 'root';

/**
 * Lets the page answer clicks once the app has taken over the server's drawing (inert until then):
 * in the commit that hydrates it, before that frame is painted, not an effect a frame later.
 */
function TakenOver() {
  useLayoutEffect(() => document.getElementById(ROOT_ID)?.removeAttribute('inert'), []);
  return null;
}

/**
 * The whole app around its router: the browser's (main.tsx) and the homepage's prerender
 * (prerender.tsx) render this same tree, so the app hydrates the server's drawing as its own.
 */
export function AppTree({ router, client }: { router: ReactNode; client?: QueryClient }) {
  return (
    <StrictMode>
      <AppProvider client={client}>{router}</AppProvider>
      <TakenOver />
    </StrictMode>
  );
}
