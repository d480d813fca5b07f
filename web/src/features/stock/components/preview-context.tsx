import { createContext, lazy, Suspense, useContext, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import type { Comic } from '../../../types/api';

interface PreviewContextValue {
  openPreview: (comic: Comic) => void;
  /** The app's actions for a comic, for a page that shows the preview's content (the item page). */
  adminActions?: ComponentType<{ comic: Comic }>;
  seriesActions?: ComponentType<{ comic: Comic }>;
}

const PreviewContext = createContext<PreviewContextValue>({ openPreview: () => undefined });

export function usePreview(): PreviewContextValue {
  return useContext(PreviewContext);
}

export const loadComicPreview = () => import('./comic-preview');
const ComicPreview = lazy(() => loadComicPreview().then((m) => ({ default: m.ComicPreview })));

/**
 * Holds the one comic preview popup of the page (its code loads on first use); adminActions shows in
 * it for admins, seriesActions (the pull list's Subscribe button, given by the app) for a comic in a series.
 */
export function PreviewProvider({
  children,
  adminActions,
  seriesActions,
}: {
  children: ReactNode;
  adminActions?: ComponentType<{ comic: Comic }>;
  seriesActions?: ComponentType<{ comic: Comic }>;
}) {
  const [comic, setComic] = useState<Comic | null>(null);
  const [open, setOpen] = useState(false);
  const value = useMemo<PreviewContextValue>(
    () => ({
      openPreview: (c) => {
        setComic(c);
        setOpen(true);
      },
      adminActions,
      seriesActions,
    }),
    [adminActions, seriesActions],
  );
  return (
    <PreviewContext.Provider value={value}>
      {children}
      {comic ? (
        <Suspense fallback={null}>
          <ComicPreview comic={comic} open={open} onOpenChange={setOpen} adminActions={adminActions} seriesActions={seriesActions} />
        </Suspense>
      ) : null}
    </PreviewContext.Provider>
  );
}
