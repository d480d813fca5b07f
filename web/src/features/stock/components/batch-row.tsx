import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { Batch, Comic } from '../../../types/api';
import { ChevronLeftIcon, ChevronRightIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/field';
import { useHomepageRow } from '../api/get-more-homepage-stock';
import { MODES, modeForBatch } from '../../../lib/browse-modes';
import { flattenUnique, rowScrollStep } from '../../../lib/paging';
import { ItemTile } from './item-tile';

/** Pixels from the row's end at which the next items are fetched. */
const ROW_PRELOAD_PX = 300;

/** A homepage batch row: horizontal scroll, arrows stepping 1/1.25 of the visible width, more items on demand. */
export function BatchRow({ batch, comics: initial }: { batch: Batch; comics: Comic[] }) {
  const scroller = useRef<HTMLUListElement>(null);
  const { data, hasNextPage, isFetchingNextPage, fetchNextPage } = useHomepageRow(batch._id, initial);
  const comics = flattenUnique(data?.pages ?? [initial]);
  const [edges, setEdges] = useState({ start: true, end: false });
  const headingId = `batch-${batch._id}`;
  const mode = MODES[modeForBatch(batch)];

  const check = useCallback(() => {
    const el = scroller.current;
    if (!el) return;
    const atStart = el.scrollLeft <= 2;
    const remaining = el.scrollWidth - el.clientWidth - el.scrollLeft;
    setEdges({ start: atStart, end: remaining <= 2 && !hasNextPage });
    if (remaining < ROW_PRELOAD_PX && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  useEffect(() => {
    check();
  }, [check, comics.length]);

  useEffect(() => {
    const onResize = () => check();
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, [check]);

  const step = (direction: 1 | -1) => {
    const el = scroller.current;
    if (!el) return;
    el.scrollBy({ left: direction * rowScrollStep(el.clientWidth), behavior: 'smooth' });
  };

  return (
    <section className="batch-row" aria-labelledby={headingId}>
      <div className="batch-row__head">
        <h2 id={headingId} className="batch-row__title">
          {batch.name}
        </h2>
        <Link className="batch-row__all" to={mode.path}>
          See all {mode.label}
        </Link>
      </div>
      <div className="batch-row__frame">
        <button
          type="button"
          className="row-arrow row-arrow--left"
          aria-label={`Scroll ${batch.name} left`}
          disabled={edges.start}
          onClick={() => step(-1)}
        >
          <ChevronLeftIcon size={24} />
        </button>
        <ul ref={scroller} className="batch-row__list" aria-label={batch.name} onScroll={check}>
          {comics.map((comic) => (
            <li key={comic._id} className="batch-row__item">
              <ItemTile comic={comic} />
            </li>
          ))}
          {isFetchingNextPage ? (
            <li className="batch-row__item batch-row__loading">
              <Spinner label={`Loading more of ${batch.name}`} />
            </li>
          ) : null}
        </ul>
        <button
          type="button"
          className="row-arrow row-arrow--right"
          aria-label={`Scroll ${batch.name} right`}
          disabled={edges.end}
          onClick={() => step(1)}
        >
          <ChevronRightIcon size={24} />
        </button>
      </div>
    </section>
  );
}
