import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { ReactNode } from 'react';
import { ChevronDownIcon } from './ui/icons';

interface NamedBatch {
  _id: string;
  name: string;
}

interface Props {
  batches: readonly NamedBatch[];
  batchId: string | null;
  onChange: (batchId: string | null) => void;
  className?: string;
  menuClassName?: string;
  /** Shown after All (the storefront's return-to-admin link). */
  children?: ReactNode;
}

/** The batch filter links (storefront spec §2): the first two batches, a dropdown for the rest, and All. */
export function BatchFilterLinks({ batches, batchId, onChange, className = 'batch-filter', menuClassName = 'menu', children }: Props) {
  if (batches.length === 0) return null;
  const first = batches.slice(0, 2);
  const rest = batches.slice(2);
  const active = batches.find((b) => b._id === batchId);
  const activeInMenu = !!active && !first.includes(active);
  const option = (batch: NamedBatch | null) => {
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
    <nav className={className} aria-label="Batch filter">
      <span className="batch-filter__label">Batch:</span>
      {first.map((b) => option(b))}
      {rest.length ? (
        <DropdownMenu.Root>
          <DropdownMenu.Trigger className={activeInMenu ? 'filter-link filter-link--menu is-active' : 'filter-link filter-link--menu'}>
            {activeInMenu ? active.name : 'More batches'} <ChevronDownIcon size={16} />
          </DropdownMenu.Trigger>
          <DropdownMenu.Portal>
            {/* Any number of batches: the menu scrolls within the screen (arrows, Home/End and typing a name move through it). */}
            <DropdownMenu.Content
              className={`${menuClassName} menu--scroll`}
              sideOffset={4}
              align="start"
              collisionPadding={8}
              aria-label="More batches"
            >
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
      {children}
    </nav>
  );
}
