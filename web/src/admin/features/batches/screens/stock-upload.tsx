import { ScreenHeader } from '../../../components/admin-ui';
import { StockUploadForm } from '../components/stock-upload-form';

/** /admin-stock-upload: Diamond Upload. */
export function StockUploadScreen() {
  return (
    <div className="admin-screen">
      <ScreenHeader
        title="Diamond Upload"
        description="Lines need a numeric quantity, id, description, price and publisher; the REVCREDIT credit line and header lines are skipped. Prices are dollars and become cents."
      />
      <section className="card" aria-label="Upload a stock file">
        <StockUploadForm />
      </section>
    </div>
  );
}
