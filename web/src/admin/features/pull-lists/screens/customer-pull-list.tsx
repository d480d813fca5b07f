import { useParams } from 'react-router';
import { formatDate } from '../../../../lib/dates';
import { QueryState, ScreenHeader } from '../../../components/admin-ui';
import { useCustomerPullList } from '../api/get-customer-pull-list';
import '../pull-lists.css';

const copies = (n: number) => `${n} ${n === 1 ? 'copy' : 'copies'}`;

/** /admin-pull-list/{userId}: a customer's subscriptions and reservations. */
export function CustomerPullListScreen() {
  const { userId = '' } = useParams();
  const query = useCustomerPullList(userId);
  const data = query.data;
  return (
    <div className="admin-screen pull-admin">
      <ScreenHeader
        title="Customer Pull List"
        description={data ? `${data.customer.name || 'No name'} · ${data.customer.email}` : undefined}
      />
      <QueryState query={query} label="the pull list">
        {data ? (
          <>
            <section aria-labelledby="cpl-subs">
              <h2 id="cpl-subs" className="section-title">
                Subscriptions
              </h2>
              {data.subscriptions.length === 0 ? (
                <p>None.</p>
              ) : (
                <ul>
                  {data.subscriptions.map((s) => (
                    <li key={s.seriesId}>
                      <strong>{s.title}</strong>: {copies(s.quantity)}, {s.covers === 'all' ? 'all covers' : 'main cover'}
                    </li>
                  ))}
                </ul>
              )}
            </section>
            <section aria-labelledby="cpl-reserved">
              <h2 id="cpl-reserved" className="section-title">
                Reserved
              </h2>
              {data.reserved.length === 0 ? (
                <p>Nothing reserved.</p>
              ) : (
                <div className="admin-table-wrap">
                  <table className="admin-table">
                    <thead>
                      <tr>
                        <th scope="col">Item</th>
                        <th scope="col" className="num">
                          Reserved
                        </th>
                        <th scope="col" className="num">
                          Awaiting
                        </th>
                        <th scope="col">FOC</th>
                        <th scope="col">Status</th>
                      </tr>
                    </thead>
                    <tbody>
                      {data.reserved.map((r) => (
                        <tr key={r.stockId}>
                          <th scope="row">{r.title}</th>
                          <td className="num">{r.quantity}</td>
                          <td className="num">{r.awaiting}</td>
                          <td>{r.focDate ? formatDate(r.focDate) : ''}</td>
                          <td>{r.status === 'released' ? 'In their order' : 'Reserved'}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
            </section>
          </>
        ) : null}
      </QueryState>
    </div>
  );
}
