import { useEffect, useRef } from 'react';
import type { Comic } from '../../../types/api';
import { Spinner } from '../../../components/ui/field';
import { SCROLL_THRESHOLD_PX } from '../lib/paging';
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
  const loadMore = useRef(onLoadMore);
  loadMore.current = onLoadMore;

  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasMore || loadingMore) return;
    const near = () => node.getBoundingClientRect().top <= window.innerHeight + SCROLL_THRESHOLD_PX;
    // The page may not fill the screen: load at once in that case.
    if (near()) {
      loadMore.current?.();
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) loadMore.current?.();
      },
      { rootMargin: `0px 0px ${SCROLL_THRESHOLD_PX}px 0px` },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasMore, loadingMore, comics.length]);

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
