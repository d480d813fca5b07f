import { PICKUP_SUBURB, SHOP_EMAIL } from '../../config';

/** Pickup postcode (the spec: collection from a suburb in postcode 4075, Brisbane). */
export const PICKUP_POSTCODE = '4075';

/** When orders can be collected and when we answer messages (Brisbane time, AEST, no daylight saving). */
export const SHOP_HOURS: readonly (readonly [days: string, hours: string])[] = [
  ['Monday', 'Closed'],
  ['Tuesday to Friday', '10 am – 5 pm'],
  ['Saturday', '9 am – 2 pm'],
  ['Sunday and Queensland public holidays', 'Closed'],
];

/** The pickup and reply hours as a small table. */
export function ShopHours({ caption = 'Opening hours (Brisbane time)' }: { caption?: string }) {
  return (
    <table className="info-table">
      <caption>{caption}</caption>
      <tbody>
        {SHOP_HOURS.map(([days, hours]) => (
          <tr key={days}>
            <th scope="row">{days}</th>
            <td>{hours}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The shop's email as a mailto link. */
export function ShopEmail() {
  return <a href={`mailto:${SHOP_EMAIL}`}>{SHOP_EMAIL}</a>;
}

/** "Corinda, Brisbane QLD 4075" */
export const PICKUP_PLACE = `${PICKUP_SUBURB}, Brisbane QLD ${PICKUP_POSTCODE}`;
