import { lazy, Suspense, useEffect, type ComponentType, type LazyExoticComponent } from 'react';
import { Outlet, ScrollRestoration, useNavigate } from 'react-router';
import { markResumeAtPayment, takeAfterCheckout } from '../../lib/after-checkout';
import { prefetchWhenIdle, useLatch } from '../../lib/deferred';
import { loadNoticeDialog } from '../../components/ui/notify';
import { loadComicPreview, PreviewProvider } from '../../features/stock/components/preview-context';
import { useUi, type DialogName } from '../../lib/ui-state';
import { Footer } from './footer';
import { Header, loadHeaderMenus } from './header';

/* Every dialog is its own chunk, loaded the first time it opens (and prefetched when idle). */
const loaders = {
  login: () => import('../../features/auth/components/login-dialog').then((m) => ({ default: m.LoginDialog })),
  signup: () => import('../../features/auth/components/sign-up-dialog').then((m) => ({ default: m.SignUpDialog })),
  feedback: () => import('../../features/feedback/components/feedback-dialog').then((m) => ({ default: m.FeedbackDialog })),
  checkout: () => import('../../features/checkout/components/checkout-dialog').then((m) => ({ default: m.CheckoutDialog })),
  mobileOrder: () => import('../../features/order/components/mobile-order-dialog').then((m) => ({ default: m.MobileOrderDialog })),
  mobileMenu: () => import('./mobile-menu').then((m) => ({ default: m.MobileMenu })),
} satisfies Record<DialogName, () => Promise<{ default: ComponentType }>>;

// The admin's marketplace listing actions in the preview: a lazy chunk, never loaded for shoppers.
const AdminListingActions = lazy(() => import('../../admin/components/listing-actions'));
// The pull-list control of the previewed item's series.
const SubscribeControl = lazy(() => import('../../features/pull-list/components/subscribe-control'));

const dialogs = Object.fromEntries(Object.entries(loaders).map(([name, load]) => [name, lazy(load)])) as Record<
  DialogName,
  LazyExoticComponent<ComponentType>
>;

function LazyDialog({ name }: { name: DialogName }) {
  const { open } = useUi();
  const wanted = useLatch(open[name]);
  if (!wanted) return null;
  const Component = dialogs[name];
  return (
    <Suspense fallback={null}>
      <Component />
    </Suspense>
  );
}

/** After the checkout's notice and reload: the confirmation page, or the checkout again at payment. */
function useAfterCheckout() {
  const navigate = useNavigate();
  const { openDialog } = useUi();
  useEffect(() => {
    const next = takeAfterCheckout();
    if (next?.kind === 'confirmation') void navigate(next.path, { replace: true });
    if (next?.kind === 'resume-payment') {
      markResumeAtPayment();
      openDialog('checkout');
    }
  }, [navigate, openDialog]);
}

export function AppLayout() {
  useEffect(() => {
    prefetchWhenIdle([loadHeaderMenus, loadNoticeDialog, loadComicPreview, ...Object.values(loaders)]);
  }, []);
  useAfterCheckout();
  return (
    <PreviewProvider adminActions={AdminListingActions} seriesActions={SubscribeControl}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header />
      <main id="main" className="site-main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      {(Object.keys(loaders) as DialogName[]).map((name) => (
        <LazyDialog key={name} name={name} />
      ))}
      <ScrollRestoration />
    </PreviewProvider>
  );
}
