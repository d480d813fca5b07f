import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { DEFAULT_MODE, type BrowseMode } from './browse-modes';

export type DialogName = 'login' | 'signup' | 'feedback' | 'checkout' | 'mobileOrder' | 'mobileMenu';

interface UiState {
  open: Record<DialogName, boolean>;
  /** The browse mode a search returns to when cleared. */
  previousMode: BrowseMode;
}

interface UiContextValue extends UiState {
  openDialog: (name: DialogName) => void;
  closeDialog: (name: DialogName) => void;
  setDialog: (name: DialogName, open: boolean) => void;
  setPreviousMode: (mode: BrowseMode) => void;
}

const closed: Record<DialogName, boolean> = {
  login: false,
  signup: false,
  feedback: false,
  checkout: false,
  mobileOrder: false,
  mobileMenu: false,
};

const UiContext = createContext<UiContextValue | null>(null);

/** Dialogs that exclude each other: login and sign-up; opening any dialog closes the mobile panels. */
function nextOpen(state: Record<DialogName, boolean>, name: DialogName, open: boolean): Record<DialogName, boolean> {
  if (!open) return { ...state, [name]: false };
  const next = { ...state, [name]: true };
  if (name === 'login') next.signup = false;
  if (name === 'signup') next.login = false;
  if (name !== 'mobileMenu') next.mobileMenu = false;
  if (name !== 'mobileOrder' && name !== 'mobileMenu') next.mobileOrder = false;
  return next;
}

export function UiStateProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<Record<DialogName, boolean>>(closed);
  const [previousMode, setPreviousMode] = useState<BrowseMode>(DEFAULT_MODE);

  const setDialog = useCallback((name: DialogName, value: boolean) => setOpen((s) => nextOpen(s, name, value)), []);
  const openDialog = useCallback((name: DialogName) => setDialog(name, true), [setDialog]);
  const closeDialog = useCallback((name: DialogName) => setDialog(name, false), [setDialog]);

  const value = useMemo(
    () => ({ open, previousMode, openDialog, closeDialog, setDialog, setPreviousMode }),
    [open, previousMode, openDialog, closeDialog, setDialog],
  );
  return <UiContext.Provider value={value}>{children}</UiContext.Provider>;
}

export function useUi(): UiContextValue {
  const value = useContext(UiContext);
  if (!value) throw new Error('useUi must be used inside UiStateProvider');
  return value;
}
