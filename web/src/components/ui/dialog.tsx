import * as DialogPrimitive from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { CloseIcon } from './icons';

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  /** 'sm' for small forms, 'md' default, 'lg' for the preview and checkout, 'drawer-left'/'drawer-right' for mobile panels. */
  size?: 'sm' | 'md' | 'lg' | 'drawer-left' | 'drawer-right';
  /** Hide the visible title (it is still read by screen readers). */
  hideTitle?: boolean;
  className?: string;
}

/** A modal dialog (Radix: focus trap, Escape closes, labelled by its title). */
export function Dialog({ open, onOpenChange, title, description, children, size = 'md', hideTitle, className }: DialogProps) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="dialog-overlay" />
        <DialogPrimitive.Content
          className={`dialog dialog--${size}${className ? ` ${className}` : ''}`}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className={`dialog__header${hideTitle ? ' dialog__header--bare' : ''}`}>
            <DialogPrimitive.Title className={hideTitle ? 'visually-hidden' : 'dialog__title'}>{title}</DialogPrimitive.Title>
            <DialogPrimitive.Close className="icon-btn dialog__close" aria-label="Close">
              <CloseIcon />
            </DialogPrimitive.Close>
          </div>
          {description ? <DialogPrimitive.Description className="dialog__description">{description}</DialogPrimitive.Description> : null}
          <div className="dialog__body">{children}</div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
