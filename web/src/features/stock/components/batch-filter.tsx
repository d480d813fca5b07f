import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Link } from 'react-router';
import type { Batch } from '../../../types/api';
import { ChevronDownIcon } from '../../../components/ui/icons';
import { useAllBatches } from '../api/get-all-batches';
import { batchesForMode, MODES, type BrowseMode } from '../lib/modes';

interface Props {
  mode: BrowseMode;
  batchId: string | null;
  onChange: (batchId: string | null) => void;
}

/** Admin batch filter: the first two batches, a dropdown for the rest, and All; plus a return link while filtered. */
export function BatchFilter({ mode, batchId, onChange }: Props) {
  const { data: batches = [] } = useAllBatches();
  const list = batchesForMode(batches, mode);
  if (list.length === 0) return null;
  const first = list.slice(0, 2);
  const rest = list.slice(2);
  const active = list.find((b) => b._id === batchId);
  const adminList = MODES[mode].adminList;

  const linkButton = (batch: Batch | null) => {
    const selected = (batch?._id ?? null) === batchId;
    return (
      <button
        key={batch?._id ?? 'all'}
        type="button"
        className={selected ? 'filter-link is-active' : 'filter-link'}
        aria-pressed={selected}
        onClick={() => onChange(batch?._id ?? null)}
      >
        {batch ? batch.name : 'All'}
      </button>
    );
  };

  return (
    <nav className="batch-filter" aria-label="Batch filter">
      <span className="batch-filter__label">Batch:</span>
      {first.map((b) => linkButton(b))}
      {rest.length ? (
        <DropdownMenu.Root>
          <DropdownMenu.Trigger className="filter-link filter-link--menu">
            {active && !first.includes(active) ? active.name : 'More batches'} <ChevronDownIcon size={16} />
          </DropdownMenu.Trigger>
          <DropdownMenu.Portal>
            <DropdownMenu.Content className="menu" sideOffset={4} align="start">
              {rest.map((b) => (
                <DropdownMenu.Item key={b._id} className="menu__item" onSelect={() => onChange(b._id)}>
                  {b.name}
                </DropdownMenu.Item>
              ))}
            </DropdownMenu.Content>
          </DropdownMenu.Portal>
        </DropdownMenu.Root>
      ) : null}
      {linkButton(null)}
      {active && adminList ? (
        <Link className="batch-filter__return" to={`${adminList}/${active._id}`}>
          Return to {active.name} in admin
        </Link>
      ) : null}
    </nav>
  );
}
