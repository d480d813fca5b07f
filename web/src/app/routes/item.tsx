import { Link, useNavigate, useParams } from 'react-router';
import { useEffect } from 'react';
import { useDocumentTitle } from '../../lib/hooks';
import { useItem } from '../../features/stock/api/get-item';
import { ComicDetails } from '../../features/stock/components/comic-details';
import { usePreview } from '../../features/stock/components/preview-context';
import { NotifyMe } from '../../features/wants/components/notify-me';
import { conditionSummary } from '@shop/domain/catalogue/gradeScale';
import { ShopLayout } from '../layout/shop-layout';
import { NotFoundRoute } from './not-found';

/**
 * /item/{_id}/{slug} (issue 18): an item's page, the preview's content as a page (add to order,
 * the series link, and the series' Subscribe control). The server wrote its head for search engines; a sold-out item offers Notify me.
 */
export function ItemRoute() {
  const { id = '', slug = '' } = useParams();
  const navigate = useNavigate();
  const query = useItem(id);
  const { adminActions, seriesActions } = usePreview();
  const comic = query.data?.comic;
  const grade = comic ? conditionSummary(comic.condition) : null;
  useDocumentTitle(comic ? `${comic.mainDescription}${grade ? ` – ${grade}` : ''}` : 'Item');
  // The address names the right slug (as the canonical URL does).
  useEffect(() => {
    if (comic && comic.url !== `/item/${id}/${slug}`) void navigate(comic.url, { replace: true });
  }, [comic, id, slug, navigate]);

  if ((query.error as { status?: number } | null)?.status === 404) return <NotFoundRoute />;
  return (
    <ShopLayout>
      <div className="page page--wide item-page">
        {comic ? (
          <>
            <h1 className="page-title">
              {comic.mainDescription}
              {grade ? <span className="muted"> – {grade}</span> : null}
            </h1>
            <ComicDetails comic={comic} adminActions={adminActions} seriesActions={seriesActions} />
            {comic.number <= 0 && comic.periodType !== 'pre-order' ? <NotifyMe stockItemId={comic._id} /> : null}
          </>
        ) : query.isError ? (
          <p role="alert">
            This item could not be loaded.{' '}
            <button type="button" className="btn btn--secondary" onClick={() => void query.refetch()}>
              Try again
            </button>
          </p>
        ) : (
          <p>Loading…</p>
        )}
        <p className="item-page__more">
          <Link to="/back-issues">More back issues</Link>
        </p>
      </div>
    </ShopLayout>
  );
}
