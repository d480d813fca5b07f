import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ComponentType } from 'react';
import { Link, useLocation, useRoutes, type RouteObject } from 'react-router';
import { Spinner } from '../components/ui/field';
import { useDocumentTitle } from '../lib/hooks';
import { useSession } from '../lib/session';
import { AdminNav } from './admin-nav';
import { prefetchAllStock } from './features/stock/api/get-admin-stock';
import { adminTitle, ADMIN_LINKS as LINKS } from './lib/nav';
import type { StockVariant } from './lib/variants';
import './admin.css';

/** Every admin link (admin spec section 2 labels). */
export const ADMIN_LINKS = LINKS;

/** A screen without props, loaded with its module. */
function screen<M>(load: () => Promise<M>, name: keyof M) {
  return lazy(async () => ({ default: (await load())[name] as unknown as ComponentType }));
}

const loadStockLists = () => import('./features/stock/screens/stock-lists');
const loadAddStock = () => import('./features/stock/screens/add-stock');
const loadBatches = () => import('./features/batches/screens/batches');
const loadImagesCheck = () => import('./features/stock/screens/images-check');
const loadEbayStockCheck = () => import('./features/stock/screens/ebay-stock-check');
const loadEbaySalesUpload = () => import('./features/stock/screens/ebay-sales-upload');
const loadStockUpload = () => import('./features/batches/screens/stock-upload');
const loadAdminSearch = () => import('./screens/admin-search');
const loadOrders = () => import('./features/orders/screens/orders');
const loadUsers = () => import('./features/users/screens/users');
const loadFeedback = () => import('./features/feedback/screens/feedback');
const loadWantDemand = () => import('./features/wants/screens/want-demand');
const loadCheckList = () => import('./features/check-list/screens/check-list');
const loadSiteSettings = () => import('./features/settings/screens/site-settings');
const loadStatus = () => import('./features/status/screens/status');
const loadAudit = () => import('./features/audit/screens/audit');
const loadSeries = () => import('./features/series/screens/series');
const loadSupplierImport = () => import('./features/batches/screens/supplier-import');
const loadMarketplace = () => import('./features/marketplace/screens/marketplace');
const loadCondensed = () => import('./features/stock/screens/pre-order-condensed');
const loadFocWorksheet = () => import('./features/pull-lists/screens/foc-worksheet');
const loadReleaseBatch = () => import('./features/pull-lists/screens/release-batch');
const loadCustomerPullList = () => import('./features/pull-lists/screens/customer-pull-list');
const loadSeriesSubscribers = () => import('./features/pull-lists/screens/series-subscribers');

const AllStockScreen = screen(loadStockLists, 'AllStockScreen');
const ZeroStockScreen = screen(loadStockLists, 'ZeroStockScreen');
const TypeStockScreen = lazy(() => loadStockLists().then((m) => ({ default: m.TypeStockScreen })));
const PreOrderCondensedScreen = screen(loadCondensed, 'PreOrderCondensedScreen');
const AddStockScreen = lazy(() => loadAddStock().then((m) => ({ default: m.AddStockScreen })));
const BatchListScreen = screen(loadBatches, 'BatchListScreen');
const AddBatchScreen = screen(loadBatches, 'AddBatchScreen');
const AdminSearchScreen = screen(loadAdminSearch, 'AdminSearchScreen');
const ImagesCheckScreen = screen(loadImagesCheck, 'ImagesCheckScreen');
const StockUploadScreen = screen(loadStockUpload, 'StockUploadScreen');
const OrderListScreen = lazy(() => loadOrders().then((m) => ({ default: m.OrderListScreen })));
const UserListScreen = screen(loadUsers, 'UserListScreen');
const FeedbackScreen = screen(loadFeedback, 'FeedbackScreen');
const WantDemandScreen = screen(loadWantDemand, 'WantDemandScreen');
const CheckListScreen = lazy(() => loadCheckList().then((m) => ({ default: m.CheckListScreen })));
const SiteSettingsScreen = screen(loadSiteSettings, 'SiteSettingsScreen');
const StatusScreen = screen(loadStatus, 'StatusScreen');
const AuditHistoryScreen = screen(loadAudit, 'AuditHistoryScreen');
const StreamHistoryScreen = screen(loadAudit, 'StreamHistoryScreen');
const EbayStockCheckScreen = screen(loadEbayStockCheck, 'EbayStockCheckScreen');
const EbaySalesUploadScreen = screen(loadEbaySalesUpload, 'EbaySalesUploadScreen');
const EbayToolsScreen = screen(loadMarketplace, 'EbayToolsScreen');
const FocWorksheetScreen = screen(loadFocWorksheet, 'FocWorksheetScreen');
const ReleaseBatchScreen = screen(loadReleaseBatch, 'ReleaseBatchScreen');
const CustomerPullListScreen = screen(loadCustomerPullList, 'CustomerPullListScreen');
const SeriesSubscribersScreen = screen(loadSeriesSubscribers, 'SeriesSubscribersScreen');
const SeriesScreen = screen(loadSeries, 'SeriesScreen');
const SupplierImportScreen = screen(loadSupplierImport, 'SupplierImportScreen');

const TYPE_LISTS: Array<[string, StockVariant]> = [
  ['/admin-new-stock-list', 'new'],
  ['/admin-back-issue-list', 'back-issue'],
  ['/admin-pre-order-list', 'pre-order'],
  ['/admin-games-list', 'game'],
  ['/admin-accessories-list', 'accessory'],
];

const ADD_FORMS: Array<[string, StockVariant]> = [
  ['/admin-add-new-stock-issue', 'new'],
  ['/admin-add-back-issue', 'back-issue'],
  ['/admin-add-pre-order', 'pre-order'],
  ['/admin-add-game', 'game'],
  ['/admin-add-accessories', 'accessory'],
];

/** An add form starts afresh on every visit (a copied item comes with the navigation). */
function AddStockRoute({ variant }: { variant: StockVariant }) {
  const location = useLocation();
  return <AddStockScreen key={`${variant}:${location.key}`} variant={variant} />;
}

function AdminNotFound() {
  return (
    <div className="admin-screen">
      <h1 className="page-title">Admin</h1>
      <p>
        There is no admin screen here. Try <Link to="/admin-orders-awaiting-postage">Orders Awaiting Postage</Link>.
      </p>
    </div>
  );
}

const ROUTES: RouteObject[] = [
  { path: '/admin-stock-list', element: <AllStockScreen /> },
  { path: '/admin-zero-stock-list', element: <ZeroStockScreen /> },
  ...TYPE_LISTS.map(([path, variant]): RouteObject => ({
    path: `${path}/:id?`,
    element: <TypeStockScreen key={variant} variant={variant} />,
  })),
  { path: '/admin-pre-order-list-condensed/:batchId', element: <PreOrderCondensedScreen /> },
  ...ADD_FORMS.map(([path, variant]): RouteObject => ({ path, element: <AddStockRoute variant={variant} /> })),
  { path: '/admin-series', element: <SeriesScreen /> },
  { path: '/admin-batch-list', element: <BatchListScreen /> },
  { path: '/admin-add-batch', element: <AddBatchScreen /> },
  { path: '/admin-search-stock', element: <AdminSearchScreen /> },
  { path: '/admin-stock-images', element: <ImagesCheckScreen /> },
  { path: '/admin-stock-upload', element: <StockUploadScreen /> },
  { path: '/admin-supplier-import', element: <SupplierImportScreen /> },
  { path: '/admin-ebay', element: <EbayToolsScreen /> },
  { path: '/admin-ebay-check-stock', element: <EbayStockCheckScreen /> },
  { path: '/admin-ebay-orders-processed', element: <OrderListScreen key="processed" kind="processed" /> },
  { path: '/admin-ebay-check-list', element: <CheckListScreen key="ebay" title="eBay Check List" /> },
  { path: '/admin-ebay-sales-upload', element: <EbaySalesUploadScreen /> },
  { path: '/admin-orders-awaiting-postage', element: <OrderListScreen key="awaiting" kind="awaiting" /> },
  { path: '/admin-complete-order-list', element: <OrderListScreen key="complete" kind="complete" /> },
  { path: '/admin-adhoc-order-list', element: <OrderListScreen key="adhoc" kind="adhoc" /> },
  { path: '/admin-order-list', element: <OrderListScreen key="all" kind="all" /> },
  { path: '/admin-check-list', element: <CheckListScreen key="general" title="Check List" /> },
  { path: '/admin-site-settings', element: <SiteSettingsScreen /> },
  { path: '/admin-user-list', element: <UserListScreen /> },
  { path: '/admin-audit-history', element: <AuditHistoryScreen /> },
  { path: '/admin-history/:streamId', element: <StreamHistoryScreen /> },
  { path: '/admin-feedback', element: <FeedbackScreen /> },
  { path: '/admin-want-demand', element: <WantDemandScreen /> },
  { path: '/admin-status', element: <StatusScreen /> },
  { path: '/admin-foc', element: <FocWorksheetScreen /> },
  { path: '/admin-pull-list-release', element: <ReleaseBatchScreen /> },
  { path: '/admin-pull-list/:userId', element: <CustomerPullListScreen /> },
  { path: '/admin-series-subscribers/:id?', element: <SeriesSubscribersScreen /> },
  { path: '*', element: <AdminNotFound /> },
];

/** The screen of the current /admin-* path. */
function AdminScreens() {
  return useRoutes(ROUTES);
}

/** The admin area (every /admin-* path): navigation and the screens, each loaded on demand. */
export default function AdminRoutes() {
  const { user } = useSession();
  const location = useLocation();
  const queryClient = useQueryClient();
  useDocumentTitle(`Admin - ${adminTitle(location.pathname)}`);
  // Opened on All Stock: its first page is asked while the screen's code loads (once, on first render).
  useState(() => {
    if (user?.admin && location.pathname === '/admin-stock-list') {
      prefetchAllStock(queryClient, new URLSearchParams(location.search).get('batch'));
    }
  });

  if (!user?.admin) {
    return (
      <div className="page">
        <h1 className="page-title">Admin</h1>
        <p>This area is for the shop's administrators. Please log in with an admin account.</p>
      </div>
    );
  }

  return (
    <div className="admin-layout">
      <AdminNav />
      <div className="admin-content">
        <Suspense
          fallback={
            <div className="admin-state">
              <Spinner label="Loading screen" />
            </div>
          }
        >
          <AdminScreens />
        </Suspense>
      </div>
    </div>
  );
}
