import { Link } from 'react-router';
import { SHOP_NAME, TAGLINE } from '../../config';
import { PICKUP_PLACE } from '../../features/shop-info/shop-info';
import { useUi } from '../../lib/ui-state';

export function Footer() {
  const { openDialog } = useUi();
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div>
          <p className="site-footer__name">{SHOP_NAME}</p>
          <p>
            {TAGLINE}. Local pickup in {PICKUP_PLACE}.
          </p>
        </div>
        <nav aria-label="Shop information">
          <ul className="site-footer__links">
            <li>
              <Link to="/about-us">About Us</Link>
            </li>
            <li>
              <Link to="/shipping">Shipping</Link>
            </li>
            <li>
              <Link to="/returns">Returns</Link>
            </li>
            <li>
              <Link to="/privacy">Privacy</Link>
            </li>
            <li>
              <Link to="/contact">Contact</Link>
            </li>
            <li>
              <button type="button" className="link-btn link-btn--light" onClick={() => openDialog('feedback')}>
                Send feedback
              </button>
            </li>
            <li>
              <Link to="/account-orders">Your Orders</Link>
            </li>
            <li>
              <Link to="/account-want-list">Your Want List</Link>
            </li>
          </ul>
        </nav>
        <p className="site-footer__small">Prices in Australian dollars (AUD), GST included.</p>
      </div>
    </footer>
  );
}
