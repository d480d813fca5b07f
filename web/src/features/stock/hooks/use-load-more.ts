import { useEffect, useRef, type RefObject } from 'react';
import { SCROLL_THRESHOLD_PX } from '../../../lib/paging';

interface LoadMore {
  /** Whether there is a next page to ask for. */
  hasMore: boolean;
  /** Whether it is being fetched now (nothing more is asked meanwhile). */
  loading: boolean;
  onLoadMore?: () => void;
  /** What has been loaded so far (e.g. the item or row count): a change checks the sentinel again. */
  loaded: number;
}

/**
 * Calls `onLoadMore` when the sentinel (an element after the list) comes within 100 px of the
 * bottom of the window: at once when the list does not fill the screen, otherwise when an
 * IntersectionObserver sees the shopper scroll near it.
 */
export function useLoadMoreNear(sentinel: RefObject<HTMLElement | null>, { hasMore, loading, onLoadMore, loaded }: LoadMore): void {
  const loadMore = useRef(onLoadMore);
  loadMore.current = onLoadMore;

  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasMore || loading) return;
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
  }, [sentinel, hasMore, loading, loaded]);
}
