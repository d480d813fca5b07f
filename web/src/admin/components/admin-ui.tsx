import { useEffect, useId, useRef, useState, type ReactElement, type ReactNode, type SelectHTMLAttributes } from 'react';
import { Confirm } from '../../components/ui/confirm';
import { Spinner } from '../../components/ui/field';
import { useNotify } from '../../components/ui/notify';
import { errorMessage } from '../../lib/api';
import { SCROLL_THRESHOLD_PX } from '../../lib/paging';
import { FIRST_REVEAL, nextReveal } from '../lib/reveal';

/** The question every delete asks (admin spec section 5). */
export const DELETE_TITLE = 'Are you sure?';
export const DELETE_TEXT = "You won't be able to revert this!";

/** "Are you sure? You won't be able to revert this!" before a destructive action. */
export function ConfirmDelete({
  trigger,
  onConfirm,
  confirmLabel = 'Yes, delete it!',
}: {
  trigger: ReactElement;
  onConfirm: () => void;
  confirmLabel?: string;
}) {
  return <Confirm trigger={trigger} title={DELETE_TITLE} description={DELETE_TEXT} confirmLabel={confirmLabel} onConfirm={onConfirm} />;
}

/** A screen's title row: the page heading, a line of help and its tools (refresh, filters). */
export function ScreenHeader({ title, children, description }: { title: string; children?: ReactNode; description?: ReactNode }) {
  return (
    <header className="admin-screen__head">
      <div>
        <h1 className="page-title admin-screen__title">{title}</h1>
        {description ? <p className="muted admin-screen__description">{description}</p> : null}
      </div>
      {children ? <div className="admin-screen__tools">{children}</div> : null}
    </header>
  );
}

interface QueryLike {
  isLoading: boolean;
  isError: boolean;
  error?: unknown;
  refetch: () => unknown;
}

/** Loading, error (with Retry) and empty states of a list; the list itself when there is one. */
export function QueryState({
  query,
  label,
  empty,
  isEmpty,
  children,
}: {
  query: QueryLike;
  label: string;
  empty?: ReactNode;
  isEmpty?: boolean;
  children: ReactNode;
}) {
  if (query.isLoading) {
    return (
      <div className="admin-state">
        <Spinner label={`Loading ${label}`} />
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="admin-state admin-state--error" role="alert">
        <p>
          Could not load {label}: {errorMessage(query.error)}
        </p>
        <button type="button" className="btn btn--ghost btn--sm" onClick={() => void query.refetch()}>
          Retry
        </button>
      </div>
    );
  }
  if (isEmpty) return <div className="admin-state">{empty ?? <p>Nothing here.</p>}</div>;
  return <>{children}</>;
}

/** Calls onLoadMore when the end of the list comes within 100 px of the bottom of the window. */
export function LoadMore({
  hasMore,
  loading,
  onLoadMore,
  label,
  count,
}: {
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
  label: string;
  count: number;
}) {
  const sentinel = useRef<HTMLDivElement>(null);
  const load = useRef(onLoadMore);
  load.current = onLoadMore;
  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasMore || loading) return;
    const near = () => node.getBoundingClientRect().top <= window.innerHeight + SCROLL_THRESHOLD_PX;
    if (near()) {
      load.current();
      return;
    }
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && load.current(), {
      rootMargin: `0px 0px ${SCROLL_THRESHOLD_PX}px 0px`,
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasMore, loading, count]);
  return (
    <div ref={sentinel} className="grid__end">
      {loading ? <Spinner label={`Loading more ${label}`} /> : null}
      {hasMore && !loading ? (
        <button type="button" className="btn btn--ghost" onClick={onLoadMore}>
          Load more {label}
        </button>
      ) : null}
    </div>
  );
}

/** Shows a long list that came in one answer 60 at first, then 30 more at a time. */
export function useReveal<T>(items: readonly T[], resetKey: unknown) {
  const [shown, setShown] = useState(FIRST_REVEAL);
  const [key, setKey] = useState(resetKey);
  if (key !== resetKey) {
    setKey(resetKey);
    setShown(FIRST_REVEAL);
  }
  return {
    visible: items.slice(0, shown),
    hasMore: shown < items.length,
    more: () => setShown((n) => nextReveal(n, items.length)),
  };
}

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  children: ReactNode;
}

/** A labelled native select (Radix has no select in this project). */
export function SelectField({ label, hint, error, className, children, ...select }: SelectFieldProps) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${className ? ` ${className}` : ''}`}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <select id={id} className="input admin-select" aria-describedby={describedBy} aria-invalid={error ? true : undefined} {...select}>
        {children}
      </select>
      {hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A definition list of figures (label above value). */
export function Facts({ items, className }: { items: Array<[string, ReactNode] | null | false | undefined>; className?: string }) {
  const rows = items.filter((item): item is [string, ReactNode] => Boolean(item));
  return (
    <dl className={`order-card__facts${className ? ` ${className}` : ''}`}>
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** 'Fail' with a message, as every failed admin call shows it. */
export function useFail() {
  const notify = useNotify();
  return (error: unknown, fallback = 'fail') => notify({ title: 'Fail', message: errorMessage(error, fallback), tone: 'error' });
}

export function useSuccess() {
  const notify = useNotify();
  return (message: string, title = 'Success') => notify({ title, message, tone: 'success' });
}

/** A message shown on the screen (marketplace results and errors). */
export function InlineMessage({ tone, children }: { tone: 'error' | 'success' | 'info'; children: ReactNode }) {
  return (
    <p className={`admin-message admin-message--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </p>
  );
}

/** An upload or job progress bar with its percentage. */
export function ProgressBar({ label, value }: { label: string; value: number | null }) {
  return (
    <div className="admin-progress">
      <progress className="admin-progress__bar" aria-label={label} max={100} value={value ?? undefined} />
      <span className="admin-progress__text">{value === null ? 'Working…' : `${value}%`}</span>
    </div>
  );
}
