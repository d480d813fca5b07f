import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { AdminComic } from '../../../types';
import { StockCard } from './stock-card';
import { gridColumns, gridRows, STOCK_CARD_GAP_PX, STOCK_ROW_ESTIMATE_PX } from '../lib/virtual-grid';

/**
 * The admin item cards, virtualised: a list of up to 9,999 items draws only the rows of cards on
 * screen (and a few either side) in the page's own scroll. Rows are measured as drawn, so a card
 * opened for editing grows its row. Each card says its place in the whole list (aria-posinset).
 */
export function AdminStockGrid({ items, label }: { items: readonly AdminComic[]; label: string }) {
  const listRef = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const [scrollMargin, setScrollMargin] = useState(0);

  // The list's width (columns) and its distance from the top of the page (what lies above it).
  useLayoutEffect(() => {
    const node = listRef.current;
    if (!node) return;
    const measure = () => {
      const rect = node.getBoundingClientRect();
      setWidth(rect.width);
      setScrollMargin(Math.round(rect.top + window.scrollY));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);

  const columns = gridColumns(width);
  const rows = useMemo(() => gridRows(items, columns), [items, columns]);
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: () => STOCK_ROW_ESTIMATE_PX,
    overscan: 3,
    scrollMargin,
    gap: STOCK_CARD_GAP_PX,
    getItemKey: (index) => rows[index]?.[0]?._id ?? index,
  });
  const virtualRows = virtualizer.getVirtualItems();
  const offset = (virtualRows[0]?.start ?? scrollMargin) - scrollMargin;

  return (
    <>
      <h2 className="visually-hidden">{label}</h2>
      <div ref={listRef} className="admin-stock-virtual" style={{ height: virtualizer.getTotalSize() }}>
        <div role="list" aria-label={label} className="admin-stock-virtual__window" style={{ transform: `translateY(${offset}px)` }}>
          {virtualRows.map((row) => (
            <div
              key={row.key}
              role="none"
              data-index={row.index}
              ref={virtualizer.measureElement}
              className="admin-stock-grid"
              style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}
            >
              {(rows[row.index] ?? []).map((item, i) => (
                <div key={item._id} role="listitem" aria-setsize={items.length} aria-posinset={row.index * columns + i + 1}>
                  <StockCard item={item} />
                </div>
              ))}
            </div>
          ))}
        </div>
      </div>
    </>
  );
}
