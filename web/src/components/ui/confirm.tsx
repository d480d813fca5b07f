import * as AlertDialog from '@radix-ui/react-alert-dialog';
import type { ReactElement } from 'react';

interface ConfirmProps {
  /** The control that asks. */
  trigger: ReactElement;
  title: string;
  description?: string;
  confirmLabel?: string;
  onConfirm: () => void;
}

/** Asks before a destructive action (Radix alert dialog). */
export function Confirm({ trigger, title, description, confirmLabel = 'Yes, delete', onConfirm }: ConfirmProps) {
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog-overlay" />
        <AlertDialog.Content className="dialog dialog--sm notice notice--warning">
          <AlertDialog.Title className="notice__title">{title}</AlertDialog.Title>
          <AlertDialog.Description className="notice__message">{description ?? 'This cannot be undone.'}</AlertDialog.Description>
          <div className="dialog__actions">
            <AlertDialog.Cancel className="btn btn--ghost">Cancel</AlertDialog.Cancel>
            <AlertDialog.Action className="btn btn--danger" onClick={onConfirm}>
              {confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
