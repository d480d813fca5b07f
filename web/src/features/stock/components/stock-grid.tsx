import { useRef } from 'react';
import type { Comic } from '../../../types/api';
import { Spinner } from '../../../components/ui/field';
import { useLoadMoreNear } from '../hooks/use-load-more';
import { ItemTile } from './item-tile';

interface Props {
  comics: Comic[];
  label: string;
  hasMore?: boolean;
  loadingMore?: boolean;
  onLoadMore?: () => void;
}

/** The grid of tiles; loads the next page when within 100 px of the bottom. */
export function StockGrid({ comics, label, hasMore = false, loadingMore = false, onLoadMore }: Props) {
  const sentinel = useRef<HTMLDivElement>(null);
  useLoadMoreNear(sentinel, { hasMore, loading: loadingMore, onLoadMore, loaded: comics.length });

  return (
    <>
      <h2 className="visually-hidden">{label}</h2>
      <ul className="grid" aria-label={label}>
        {comics.map((comic) => (
          <li key={comic._id} className="grid__cell">
            <ItemTile comic={comic} />
          </li>
        ))}
      </ul>
      <div ref={sentinel} className="grid__end">
        {loadingMore ? <Spinner label="Loading more items" /> : null}
        {hasMore && !loadingMore && onLoadMore ? (
          <button type="button" className="btn btn--ghost" onClick={onLoadMore}>
            Load more
          </button>
        ) : null}
      </div>
    </>
  );
}
