import { Link } from 'react-router';
import { useDocumentTitle } from '../../lib/hooks';
import { SHOP_NAME } from '../../config';
import { PICKUP_PLACE, ShopEmail, ShopHours } from '../../features/shop-info/shop-info';
import { useUi } from '../../lib/ui-state';

export function AboutUsRoute() {
  const { openDialog } = useUi();
  useDocumentTitle('About Us');
  const feedback = (text: string) => (
    <button type="button" className="link-btn" onClick={() => openDialog('feedback')}>
      {text}
    </button>
  );
  return (
    <article className="page prose">
      <h1 className="page-title">About Us</h1>
      <p>
        {SHOP_NAME} is a small Australian comic shop run by collectors. We sell new comics every week, back issues, pre-orders, key issues,
        games and accessories, and we ship to all of Australia.
      </p>
      <h2>We buy comics in Brisbane</h2>
      <p>
        Got a collection to sell? We buy comics in Brisbane, from a single key issue to a whole long box. {feedback('Send us feedback')}{' '}
        with what you have and we will get back to you.
      </p>
      <h2>Local pickup</h2>
      <p>
        Live nearby? Choose local pickup at checkout and collect your order in Brisbane (postcode 4075) with no postage to pay. The full
        address is given when your order is complete.
      </p>
      <h2>Opening hours</h2>
      <p>Pickup orders can be collected from {PICKUP_PLACE} during these hours, and we answer messages in them.</p>
      <ShopHours />
      <h2>Get in touch</h2>
      <p>
        Questions about an order, a wants list or something not quite right? Email <ShopEmail /> or{' '}
        {feedback('contact us through the feedback form')}; more on our <Link to="/contact">contact page</Link>. You can also see your{' '}
        <Link to="/account-orders">orders</Link> at any time, and read how we handle <Link to="/shipping">shipping</Link>,{' '}
        <Link to="/returns">returns</Link> and <Link to="/privacy">privacy</Link>.
      </p>
    </article>
  );
}
