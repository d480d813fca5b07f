import type { AdminComic } from '../types';
import { StockCard } from './stock-card';

/** The admin item cards. */
export function AdminStockGrid({ items, label }: { items: readonly AdminComic[]; label: string }) {
  return (
    <>
    <h2 className="visually-hidden">{label}</h2>
    <ul className="admin-stock-grid" aria-label={label}>
      {items.map((item) => (
        <li key={item._id}>
          <StockCard item={item} />
        </li>
      ))}
    </ul>
    </>
  );
}
