import type { ReactNode } from 'react';
import type { Comic } from '../../types/api';
import { Spinner } from '../../components/ui/field';
import { StockGrid } from '../../features/stock/components/stock-grid';

interface Props {
  heading: ReactNode;
  /** A line beside the heading, e.g. "357 results" (a polite live region; empty shows nothing). */
  summary?: string;
  toolbar?: ReactNode;
  comics: Comic[];
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  emptyText: ReactNode;
  hasMore?: boolean;
  loadingMore?: boolean;
  onLoadMore?: () => void;
  gridLabel: string;
}

/** The one browse and search screen: heading, toolbar and the grid of items. */
export function StockScreen({
  heading,
  summary,
  toolbar,
  comics,
  isLoading,
  isError,
  onRetry,
  emptyText,
  hasMore,
  loadingMore,
  onLoadMore,
  gridLabel,
}: Props) {
  return (
    <div className="stock-screen">
      <div className="stock-screen__head">
        <div className="stock-screen__title">
          <h1 className="page-title">{heading}</h1>
          {summary !== undefined ? (
            <p className="stock-screen__count" role="status">
              {summary}
            </p>
          ) : null}
        </div>
        {toolbar}
      </div>
      {isLoading ? (
        <div className="stock-screen__state">
          <Spinner label="Loading items" />
        </div>
      ) : isError ? (
        <div className="stock-screen__state" role="alert">
          <p>Sorry, the items could not be loaded.</p>
          <button type="button" className="btn btn--ghost" onClick={onRetry}>
            Try again
          </button>
        </div>
      ) : comics.length === 0 ? (
        <div className="stock-screen__state">{emptyText}</div>
      ) : (
        <StockGrid comics={comics} label={gridLabel} hasMore={hasMore} loadingMore={loadingMore} onLoadMore={onLoadMore} />
      )}
    </div>
  );
}
