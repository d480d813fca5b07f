import { LoadMore, QueryState, ScreenHeader, useReveal } from '../../../components/admin-ui';
import { AdminStockGrid } from '../components/stock-grid';
import { useImagesCheck } from '../api/get-images-check';

/** /admin-stock-images: PUT /check-images -> the items whose image is missing (drop files on them). */
export function ImagesCheckScreen() {
  const query = useImagesCheck();
  const items = query.data ?? [];
  const reveal = useReveal(items, 'images');
  return (
    <div className="admin-screen">
      <ScreenHeader title="Images Check" description="Items whose image is missing. Drop image files on a card to set its image ids.">
        <button type="button" className="btn btn--secondary btn--sm" onClick={() => void query.refetch()} disabled={query.isFetching}>
          {query.isFetching ? 'Checking…' : 'Check again'}
        </button>
      </ScreenHeader>
      <QueryState query={query} label="the images check" isEmpty={items.length === 0} empty={<p>Every item has its image.</p>}>
        <p className="muted admin-count" role="status">
          {items.length} item{items.length === 1 ? '' : 's'} need{items.length === 1 ? 's' : ''} an image
        </p>
        <AdminStockGrid items={reveal.visible} label="Items without images" />
        <LoadMore count={reveal.visible.length} label="items" hasMore={reveal.hasMore} loading={false} onLoadMore={reveal.more} />
      </QueryState>
    </div>
  );
}
