import * as AlertDialog from '@radix-ui/react-alert-dialog';
import type { Notice } from './notify';
import { AlertIcon, InfoIcon, SuccessIcon } from './icons';

/** The notice alert dialog: title ('Fail', 'Success', …), message and an icon. */
export default function NoticeDialog({ notice, onDismiss }: { notice: Notice; onDismiss: () => void }) {
  const tone = notice.tone ?? 'info';
  const Icon = tone === 'error' ? AlertIcon : tone === 'success' ? SuccessIcon : InfoIcon;
  return (
    <AlertDialog.Root open onOpenChange={(open) => !open && onDismiss()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog-overlay" />
        <AlertDialog.Content className={`dialog notice notice--${tone}`}>
          <div className="notice__icon" aria-hidden="true">
            <Icon size={36} />
          </div>
          <AlertDialog.Title className="notice__title">{notice.title}</AlertDialog.Title>
          <AlertDialog.Description className="notice__message">{notice.message || ' '}</AlertDialog.Description>
          <div className="dialog__actions dialog__actions--center">
            <AlertDialog.Action className="btn btn--primary">OK</AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
