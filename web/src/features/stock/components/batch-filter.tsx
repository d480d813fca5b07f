import { Link } from 'react-router';
import { useAllBatches } from '../../../api/get-all-batches';
import { batchesForMode, MODES, type BrowseMode } from '../../../lib/browse-modes';
import { BatchFilterLinks } from '../../../components/batch-filter-links';

interface Props {
  mode: BrowseMode;
  batchId: string | null;
  onChange: (batchId: string | null) => void;
}

/** Admin batch filter on the browse screens, plus a return link to the admin list while filtered. */
export function BatchFilter({ mode, batchId, onChange }: Props) {
  const { data: batches = [] } = useAllBatches();
  const list = batchesForMode(batches, mode);
  const active = list.find((b) => b._id === batchId);
  const adminList = MODES[mode].adminList;
  return (
    <BatchFilterLinks batches={list} batchId={batchId} onChange={onChange}>
      {active && adminList ? (
        <Link className="batch-filter__return" to={`${adminList}/${active._id}`}>
          Return to {active.name} in admin
        </Link>
      ) : null}
    </BatchFilterLinks>
  );
}
