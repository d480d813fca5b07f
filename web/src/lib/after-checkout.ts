/**
 * What the page does after the checkout's Success or Failure notice and the spec's reload: the
 * reload keeps a note in sessionStorage (this tab only), and the app reads it once on start.
 * - after a declined card or a refusal: reopen the checkout at the payment step;
 * - after a success: open the order confirmation page.
 */
const KEY = 'afterCheckout';

export type AfterCheckout = { kind: 'resume-payment' } | { kind: 'confirmation'; path: string };

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function rememberAfterCheckout(next: AfterCheckout): void {
  storage()?.setItem(KEY, JSON.stringify(next));
}

/** The note left before the reload, taken (read once). */
export function takeAfterCheckout(): AfterCheckout | null {
  const s = storage();
  const raw = s?.getItem(KEY);
  if (!raw) return null;
  s?.removeItem(KEY);
  try {
    const value = JSON.parse(raw) as AfterCheckout;
    if (value.kind === 'resume-payment') return value;
    if (value.kind === 'confirmation' && typeof value.path === 'string' && value.path.startsWith('/order-confirmation/')) return value;
  } catch {
    /* ignored */
  }
  return null;
}

/** The confirmation page of an order: `/order-confirmation/{publicId}`, with its token for a guest. */
export function confirmationPath(publicId: string | number, token?: string | null): string {
  return `/order-confirmation/${encodeURIComponent(String(publicId))}${token ? `?token=${encodeURIComponent(token)}` : ''}`;
}

let resumeAtPayment = false;
/** Set on start when the checkout reopens after a failure; the checkout reads it once. */
export function markResumeAtPayment(): void {
  resumeAtPayment = true;
}
export function takeResumeAtPayment(): boolean {
  const value = resumeAtPayment;
  resumeAtPayment = false;
  return value;
}
