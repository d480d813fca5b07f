import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChevronDownIcon } from '../../components/ui/icons';
import type { AdminBatch } from '../types';

interface Props {
  batches: readonly AdminBatch[];
  batchId: string | null;
  onChange: (batchId: string | null) => void;
}

/** The admin batch filter: the first two batches, a dropdown for the rest, and All. */
export function AdminBatchFilter({ batches, batchId, onChange }: Props) {
  if (batches.length === 0) return null;
  const first = batches.slice(0, 2);
  const rest = batches.slice(2);
  const active = batches.find((b) => b._id === batchId);
  const option = (batch: AdminBatch | null) => {
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
    <nav className="batch-filter admin-batch-filter" aria-label="Batch filter">
      <span className="batch-filter__label">Batch:</span>
      {first.map((b) => option(b))}
      {rest.length ? (
        <DropdownMenu.Root>
          <DropdownMenu.Trigger className={active && !first.includes(active) ? 'filter-link filter-link--menu is-active' : 'filter-link filter-link--menu'}>
            {active && !first.includes(active) ? active.name : 'More batches'} <ChevronDownIcon size={16} />
          </DropdownMenu.Trigger>
          <DropdownMenu.Portal>
            <DropdownMenu.Content className="menu admin-menu" sideOffset={4} align="start">
              {rest.map((b) => (
                <DropdownMenu.Item key={b._id} className="menu__item" onSelect={() => onChange(b._id)}>
                  {b.name}
                </DropdownMenu.Item>
              ))}
            </DropdownMenu.Content>
          </DropdownMenu.Portal>
        </DropdownMenu.Root>
      ) : null}
      {option(null)}
    </nav>
  );
}
