import type { ReactNode } from 'react';
import { DESKTOP_QUERY, useMediaQuery } from '../../lib/hooks';
import { OrderPanel } from '../../features/order/components/order-panel';

/** Content with the 'Your Order' side panel on large screens (an overlay on small ones). */
export function ShopLayout({ children }: { children: ReactNode }) {
  const desktop = useMediaQuery(DESKTOP_QUERY);
  return (
    <div className="shop-layout">
      <div className="shop-layout__main">{children}</div>
      {desktop ? (
        <aside className="shop-layout__aside" aria-label="Your order">
          <div className="shop-layout__sticky">
            <OrderPanel />
          </div>
        </aside>
      ) : null}
    </div>
  );
}
