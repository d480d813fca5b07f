import { useEffect, useState } from 'react';
import { errorMessage } from '../../lib/api';
import { useIsAdmin } from '../../lib/session';
import type { Comic } from '../../types/api';
import type { AdminComic } from '../types';
import { ConfirmDelete } from './admin-ui';
import './listing-actions.css';
import { useListingAction, type ListingAction } from '../api/run-listing-action';

export function listingUrl(listingId: string): string {
  return `https://www.ebay.com.au/itm/${encodeURIComponent(listingId)}`;
}

const LABELS: Record<ListingAction, string> = {
  upload: 'Upload to eBay',
  refresh: 'Refresh listing',
  clear: 'Clear listing',
  delete: 'Delete listing',
};

/**
 * The marketplace listing actions of an item (admin spec section 2, preview popup admin extras):
 * Upload when it has no listing id; otherwise View (opens the listing), Refresh, Clear and Delete.
 * Each call answers {comic, message}; the message (or the error) shows here.
 * For the storefront's preview popup: mount `<AdminListingActions comic={comic} />` for admins.
 */
export function AdminListingActions({ comic, compact = false }: { comic: Comic | AdminComic; compact?: boolean }) {
  const isAdmin = useIsAdmin();
  const [current, setCurrent] = useState<Comic | AdminComic>(comic);
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const action = useListingAction();
  useEffect(() => setCurrent(comic), [comic]);
  if (!isAdmin) return null;

  const title = current.mainDescription || current.comicId;
  const run = (kind: ListingAction) => {
    setMessage(null);
    action.mutate(
      { action: kind, id: current._id },
      {
        onSuccess: (data) => {
          if (data?.comic) setCurrent((c) => ({ ...c, ...data.comic }) as Comic);
          else if (kind === 'clear' || kind === 'delete') setCurrent((c) => ({ ...c, ebayListingId: null }));
          setMessage({ tone: 'success', text: data?.message || `${LABELS[kind]}: done` });
        },
        onError: (error) => setMessage({ tone: 'error', text: errorMessage(error, 'The marketplace call failed') }),
      },
    );
  };
  const button = (kind: ListingAction, className = 'btn btn--ghost btn--sm') => (
    <button
      type="button"
      className={className}
      disabled={action.isPending}
      aria-label={`${LABELS[kind]}: ${title}`}
      onClick={() => run(kind)}
    >
      {LABELS[kind]}
    </button>
  );

  const listingId = current.ebayListingId;
  return (
    <div className={`listing-actions${compact ? ' listing-actions--compact' : ''}`}>
      <div className="listing-actions__row" role="group" aria-label={`eBay listing of ${title}`}>
        {listingId ? (
          <>
            <a
              className="btn btn--ghost btn--sm"
              href={listingUrl(listingId)}
              target="_blank"
              rel="noreferrer"
              aria-label={`View listing ${listingId} on eBay (opens in a new tab)`}
            >
              View listing
            </a>
            {button('refresh')}
            {button('clear')}
            <ConfirmDelete
              confirmLabel="Yes, delete the listing"
              trigger={
                <button
                  type="button"
                  className="btn btn--ghost btn--sm"
                  disabled={action.isPending}
                  aria-label={`${LABELS.delete}: ${title}`}
                >
                  {LABELS.delete}
                </button>
              }
              onConfirm={() => run('delete')}
            />
          </>
        ) : (
          button('upload', 'btn btn--accent btn--sm')
        )}
        {action.isPending ? (
          <span className="field__hint" role="status">
            Working…
          </span>
        ) : null}
      </div>
      {message ? (
        <p className={`admin-message admin-message--${message.tone}`} role={message.tone === 'error' ? 'alert' : 'status'}>
          {message.text}
        </p>
      ) : null}
    </div>
  );
}

export default AdminListingActions;
