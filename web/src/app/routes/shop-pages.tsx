import { Link } from 'react-router';
import { POSTAGE_BANDS, TRACKED_FROM_TOTAL_CENTS, type PostageBand } from '@shop/domain/orders/postage';
import { formatMoney } from '../../lib/money';
import { useDocumentTitle } from '../../lib/hooks';
import { SHOP_ABN, SHOP_NAME } from '../../config';
import { PICKUP_PLACE, ShopEmail, ShopHours } from '../../features/shop-info/shop-info';
import { useUi } from '../../lib/ui-state';

/*
 * The shop's information pages: shipping, returns, privacy and contact, linked from the footer.
 * Written for an Australian shop: the Australian Consumer Law (returns), the Privacy Act 1988 and
 * its Australian Privacy Principles (privacy). Postage comes from the shop's own rules (domain/orders/postage).
 */

function FeedbackButton({ children }: { children: string }) {
  const { openDialog } = useUi();
  return (
    <button type="button" className="link-btn" onClick={() => openDialog('feedback')}>
      {children}
    </button>
  );
}

interface PostageRow {
  items: string;
  untracked: PostageBand | undefined;
  tracked: PostageBand | undefined;
}

/** The postage table as a shopper reads it: by number of comics, under and over the tracked threshold. */
function postageRows(): PostageRow[] {
  const ranges = [...new Map(POSTAGE_BANDS.map((b) => [`${b.minItems}-${b.maxItems}`, b])).values()];
  return ranges.map(({ minItems, maxItems }) => {
    const inRange = POSTAGE_BANDS.filter((b) => b.minItems === minItems && b.maxItems === maxItems);
    return {
      items: maxItems === null ? `${minItems} or more` : minItems === maxItems ? String(minItems) : `${minItems}–${maxItems}`,
      untracked: inRange.find((b) => b.tracked !== true),
      tracked: inRange.find((b) => b.tracked !== false),
    };
  });
}

const band = (b: PostageBand | undefined) => (b ? `${b.name}, ${formatMoney(b.siteCents)}` : '–');

export function ShippingRoute() {
  useDocumentTitle('Shipping');
  const threshold = formatMoney(TRACKED_FROM_TOTAL_CENTS);
  return (
    <article className="page prose">
      <h1 className="page-title">Shipping and pickup</h1>
      <p>
        We post to every state and territory of Australia with Australia Post, and you can collect your order in Brisbane for free. We do
        not ship overseas.
      </p>

      <h2>Postage</h2>
      <p>
        Postage is worked out from the number of comics in your order, and shown in your order before you pay. Orders of {threshold} or more
        (the items, before postage) travel tracked.
      </p>
      <div className="table-scroll">
        <table className="info-table info-table--grid">
          <caption>Postage for comics</caption>
          <thead>
            <tr>
              <th scope="col">Comics in the order</th>
              <th scope="col">Order under {threshold}</th>
              <th scope="col">Order of {threshold} or more (tracked)</th>
            </tr>
          </thead>
          <tbody>
            {postageRows().map((row) => (
              <tr key={row.items}>
                <th scope="row">{row.items}</th>
                <td>{band(row.untracked)}</td>
                <td>{band(row.tracked)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p>
        Games, accessories and a few bulky items carry their own postage for each copy instead of counting in the table; it is added to your
        order as soon as you add the item. Local pickup orders pay no postage.
      </p>

      <h2>When we post</h2>
      <ul>
        <li>Items in stock are posted within 2 business days of payment (we post Tuesday to Saturday).</li>
        <li>
          Pre-orders are posted in the week they arrive from our supplier, usually the release week shown on the item. An order with both
          pre-orders and items in stock is posted when everything has arrived; ask us if you would rather have it sent in two parcels (a
          second postage charge applies).
        </li>
        <li>
          Once your order is posted we email you; tracked orders get their Australia Post tracking number. Australia Post usually delivers
          in 2 to 6 business days within a state and 3 to 10 business days interstate; remote areas can take longer.
        </li>
      </ul>

      <h2>Local pickup in Brisbane</h2>
      <p>
        Choose &ldquo;Local pickup in Brisbane (4075)&rdquo; at checkout and collect from {PICKUP_PLACE} with no postage to pay. The street
        address is given when your order is complete (it is in your confirmation email). Your order is ready to collect from the next
        business day; please bring your order number. We keep pickup orders for 30 days.
      </p>
      <ShopHours caption="Pickup hours (Brisbane time)" />

      <h2>Damaged, lost or late</h2>
      <p>
        Every comic is bagged and boarded and packed flat. If a parcel arrives damaged, or has not arrived 10 business days after we posted
        it, email us at <ShopEmail /> with your order number (and photos of any damage) and we will put it right: see{' '}
        <Link to="/returns">Returns and refunds</Link>. Until your order is delivered to the address you gave us, it is our risk, not yours.
      </p>
    </article>
  );
}

export function ReturnsRoute() {
  useDocumentTitle('Returns and refunds');
  return (
    <article className="page prose">
      <h1 className="page-title">Returns and refunds</h1>
      <h2>Your rights under the Australian Consumer Law</h2>
      <p>
        Our goods come with guarantees that cannot be excluded under the Australian Consumer Law. For a major failure you are entitled to a
        replacement or a refund, and to compensation for any other reasonably foreseeable loss or damage. If a failure does not amount to a
        major failure, you are entitled to have the goods repaired or replaced, and if that is not done within a reasonable time, to a
        refund.
      </p>
      <p>For example, these are major failures, and you choose a refund or a replacement (when we have one):</p>
      <ul>
        <li>we sent the wrong item, or an item is missing from your parcel;</li>
        <li>a comic has missing or loose pages, or a game is missing parts;</li>
        <li>a back issue or key comic is in clearly worse condition than we described it;</li>
        <li>an item arrived damaged in the post.</li>
      </ul>
      <p>
        For a minor problem we will offer a replacement or a refund; comics cannot be repaired, so we never ask you to accept a repair.
        Where an item must come back to us because of a fault, we pay the return postage.
      </p>

      <h2>Change of mind</h2>
      <p>We are not required to accept a return because you changed your mind, but we do, on these terms:</p>
      <ul>
        <li>
          Tell us within 14 days of receiving the item, and return it in the condition you received it: comics in their bag and board and
          unread, games and accessories unopened and sealed.
        </li>
        <li>You pay the return postage. We refund the price of the item; the original postage is not refunded.</li>
        <li>Pre-orders can be cancelled for a full refund at any time before the pre-order&rsquo;s cut-off date.</li>
      </ul>
      <p>This change-of-mind policy is in addition to, and does not limit, your rights under the Australian Consumer Law.</p>

      <h2>How to return something</h2>
      <ol>
        <li>
          Email <ShopEmail /> (or use the <FeedbackButton>feedback form</FeedbackButton>) with your order number, the item and what is
          wrong; photos help with damage.
        </li>
        <li>We reply within 2 business days with where to send it, or, for damage in the post, often with no need to send it back.</li>
        <li>
          Refunds go back to the card you paid with (through our payment processor, Square) within 5 business days of our receiving the
          item, or as store credit on your account if you prefer. Local pickup customers can return items at pickup.
        </li>
      </ol>

      <h2>Not happy with our answer?</h2>
      <p>
        Tell us first and we will try to fix it. You can also contact the Office of Fair Trading Queensland (
        <a href="https://www.qld.gov.au/law/fair-trading" rel="noreferrer">
          qld.gov.au/law/fair-trading
        </a>
        , 13 QGOV, 13 74 68) or your state&rsquo;s consumer affairs agency.
      </p>
    </article>
  );
}

export function PrivacyRoute() {
  useDocumentTitle('Privacy');
  return (
    <article className="page prose">
      <h1 className="page-title">Privacy policy</h1>
      <p>
        {SHOP_NAME} handles personal information under the Privacy Act 1988 (Cth) and the Australian Privacy Principles. This policy says
        what we collect, why, who sees it, and how you can see, correct or complain about it.
      </p>

      <h2>What we collect</h2>
      <ul>
        <li>Your name, email address, and the shipping and billing addresses you give us or save in your account.</li>
        <li>Your orders: what you bought, what you paid, store credit, and whether it was posted or collected.</li>
        <li>The words you search for while shopping, kept with your current order so we know what to stock.</li>
        <li>Messages you send us through the feedback form or by email.</li>
        <li>
          Your password, stored only as a one-way hash that nobody (including us) can read back. Your browser keeps your login and, before
          you sign up, a random guest number in its local storage; we use no advertising or tracking cookies.
        </li>
        <li>The internet address your requests come from, kept in our server logs for security and to stop abuse.</li>
      </ul>
      <p>
        We never see or store your card number: it goes straight from your browser to our payment processor, Square, which gives us a
        one-time token and the result of the payment.
      </p>

      <h2>Why we collect it</h2>
      <p>
        To take, pay for and deliver your orders; to run your account and store credit; to answer your messages; to decide what to stock; to
        prevent fraud; and to keep the records Australian tax law requires (for 5 years). We email you about your orders and your account;
        we send marketing only if you ask for it, and you can stop it at any time.
      </p>

      <h2>Who we disclose it to</h2>
      <ul>
        <li>
          <strong>Square</strong>, our payment processor: your card details (entered in Square&rsquo;s form), the amount, and your name and
          billing address to verify the payment.
        </li>
        <li>
          <strong>Australia Post</strong>: your name and shipping address, on the parcel and for tracking.
        </li>
        <li>
          <strong>eBay</strong>: we also sell on eBay. If you buy from us there, eBay gives us your name, address and order so we can post
          it; we do not send eBay the details of customers of this website.
        </li>
        <li>The providers that host this website and send our emails, only to do that for us.</li>
        <li>Anyone the law requires us to give it to.</li>
      </ul>
      <p>
        We do not sell or rent personal information. Square and eBay may store and process information outside Australia (including in the
        United States) under their own privacy policies.
      </p>

      <h2>Keeping it safe</h2>
      <p>
        Your information is kept on secured servers, sent over encrypted connections, and seen only by the people who run the shop. We
        delete or de-identify it when we no longer need it for the reasons above.
      </p>

      <h2>Seeing and correcting your information</h2>
      <p>
        You can see your orders in <Link to="/account-orders">Your Orders</Link> and change your saved addresses in{' '}
        <Link to="/account-addresses">Your Addresses</Link>. To get a copy of everything we hold about you, to correct it, or to close your
        account, email <ShopEmail />. We reply within 30 days and do not charge for it.
      </p>

      <h2>Complaints</h2>
      <p>
        If you think we have mishandled your information, email <ShopEmail /> and we will reply within 30 days. If you are not satisfied
        with our answer, you can complain to the Office of the Australian Information Commissioner (OAIC):{' '}
        <a href="https://www.oaic.gov.au" rel="noreferrer">
          oaic.gov.au
        </a>
        , 1300 363 992.
      </p>
    </article>
  );
}

export function ContactRoute() {
  useDocumentTitle('Contact');
  return (
    <article className="page prose">
      <h1 className="page-title">Contact us</h1>
      <p>
        Questions about an order, a wants list, or a collection to sell? Email <ShopEmail /> or send us a message with the{' '}
        <FeedbackButton>feedback form</FeedbackButton>. We answer within 1 business day during opening hours.
      </p>
      <h2>Local pickup</h2>
      <p>
        Orders for local pickup are collected from {PICKUP_PLACE}. The street address is given when your order is complete. See{' '}
        <Link to="/shipping">Shipping and pickup</Link>.
      </p>
      <ShopHours />
      <h2>The business</h2>
      <p>
        {SHOP_NAME}, Brisbane, Queensland, Australia{SHOP_ABN ? `. ABN ${SHOP_ABN}` : ''}. Prices are in Australian dollars and include GST.
        Read our <Link to="/returns">returns and refunds</Link> and <Link to="/privacy">privacy</Link> policies.
      </p>
    </article>
  );
}
