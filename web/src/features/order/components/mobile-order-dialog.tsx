import { useUi } from '../../../lib/ui-state';
import { Dialog } from '../../../components/ui/dialog';
import { OrderPanel } from './order-panel';

/** On small screens the order panel is an overlay toggled by the cart button. */
export function MobileOrderDialog() {
  const { open, setDialog } = useUi();
  return (
    <Dialog open={open.mobileOrder} onOpenChange={(v) => setDialog('mobileOrder', v)} title="Your Order" hideTitle size="drawer-right">
      <OrderPanel headingLevel={2} />
    </Dialog>
  );
}
