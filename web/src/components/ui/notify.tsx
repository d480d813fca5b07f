import { createContext, lazy, Suspense, useCallback, useContext, useRef, useState, type ReactNode } from 'react';

export interface Notice {
  title: string;
  message?: string;
  tone?: 'success' | 'error' | 'info';
  /** Runs when the dialog is dismissed (e.g. reload the page). */
  onClose?: () => void;
}

type Notify = (notice: Notice) => void;

const NotifyContext = createContext<Notify>(() => undefined);

export function useNotify(): Notify {
  return useContext(NotifyContext);
}

export const loadNoticeDialog = () => import('./notice-dialog');
const NoticeDialog = lazy(loadNoticeDialog);

/** Shows notices one at a time in an alert dialog ('Fail', 'Success', ...). */
export function NotifyProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<Notice[]>([]);
  const notify = useCallback<Notify>((notice) => setQueue((q) => [...q, notice]), []);
  const current = queue[0];
  const currentRef = useRef<Notice | undefined>(undefined);
  currentRef.current = current;

  const dismiss = useCallback(() => {
    const notice = currentRef.current;
    if (!notice) return;
    currentRef.current = undefined;
    setQueue((q) => (q[0] === notice ? q.slice(1) : q));
    notice.onClose?.();
  }, []);

  return (
    <NotifyContext.Provider value={notify}>
      {children}
      {current ? (
        <Suspense fallback={null}>
          <NoticeDialog notice={current} onDismiss={dismiss} />
        </Suspense>
      ) : null}
    </NotifyContext.Provider>
  );
}
