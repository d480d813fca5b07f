import { ScreenHeader } from '../../../components/admin-ui';
import { SupplierImportForm } from '../components/supplier-import-form';

/** /admin-supplier-import: Lunar's, PRH's and Diamond's files, imported in the background. */
export function SupplierImportScreen() {
  return (
    <div className="admin-screen">
      <ScreenHeader
        title="Supplier Import"
        description="A distributor's product data file becomes stock items of a batch: release and FOC dates, price, barcode and creators from the file; series, issue, cover and printing from each title. The same file again adds nothing."
      />
      <section className="card" aria-label="Import a supplier file">
        <SupplierImportForm />
      </section>
    </div>
  );
}
