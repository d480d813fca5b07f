import { Link, useParams } from 'react-router';
import { seriesDisplayName } from '@shop/domain/series/seriesEvents';
import { useDocumentTitle } from '../../lib/hooks';
import { useSeriesPage } from '../../features/series/api/get-series-page';
import { seriesFacts } from '../../features/series/lib/series-facts';
import { SubscribeControl } from '../../features/pull-list/components/subscribe-control';
import { ShopLayout } from '../layout/shop-layout';
import { StockScreen } from './stock-screen';

/** /series/{id}: a series (the one it joined, for a merged id) and its issues, newest first. */
export function SeriesRoute() {
  const { seriesId = '' } = useParams();
  const query = useSeriesPage(seriesId);
  const series = query.data?.series;
  const notFound = (query.error as { status?: number } | null)?.status === 404;
  useDocumentTitle(series ? seriesDisplayName(series) : 'Series');

  if (notFound) {
    return (
      <ShopLayout>
        <div className="page">
          <h1 className="page-title">Series not found</h1>
          <p>
            We have no such series. Try a search, or the <Link to="/new-comics">new comics</Link>.
          </p>
        </div>
      </ShopLayout>
    );
  }
  return (
    <ShopLayout>
      <StockScreen
        heading={series ? seriesDisplayName(series) : 'Series'}
        summary={series ? seriesFacts(series) : undefined}
        toolbar={series ? <SubscribeControl comic={{ seriesId: series._id, seriesTitle: series.title }} /> : null}
        comics={query.data?.issues ?? []}
        isLoading={query.isLoading}
        isError={query.isError}
        onRetry={() => void query.refetch()}
        emptyText={<p>No issues of this series are listed yet.</p>}
        gridLabel={series ? `Issues of ${seriesDisplayName(series)}` : 'Issues'}
      />
    </ShopLayout>
  );
}
