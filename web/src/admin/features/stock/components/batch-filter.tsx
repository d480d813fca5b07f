import { BatchFilterLinks } from '../../../../components/batch-filter-links';
import type { AdminBatch } from '../../../types';

interface Props {
  batches: readonly AdminBatch[];
  batchId: string | null;
  onChange: (batchId: string | null) => void;
}

/** The admin lists' batch filter: the same links as the storefront's, in the admin's styles. */
export function AdminBatchFilter({ batches, batchId, onChange }: Props) {
  return (
    <BatchFilterLinks
      batches={batches}
      batchId={batchId}
      onChange={onChange}
      className="batch-filter admin-batch-filter"
      menuClassName="menu admin-menu"
    />
  );
}
