import { createBrowserRouter, type RouteObject } from 'react-router';
import { AppLayout } from './layout/app-layout';
import { BrowseRoute } from './routes/browse';
import { CatchAllRoute } from './routes/catch-all';
import { HomeRoute } from './routes/home';
import { RouteError } from './routes/not-found';
import { SearchRoute } from './routes/search';

/**
 * The storefront's routes. Browsing is in the main chunk; the account, about, shipping, returns,
 * privacy, contact and reset-password pages, and the admin screens (/admin-*), load on demand.
 */
export function createRouter() {
  return createBrowserRouter(appRoutes());
}

/** The route tree, shared by the browser's router and the homepage's prerender (src/prerender.tsx). */
export function appRoutes(): RouteObject[] {
  return [
    {
      element: <AppLayout />,
      errorElement: <RouteError />,
      // Shown while a lazy route loads on the very first page view.
      hydrateFallbackElement: (
        <div className="boot-loader" role="status">
          Loading…
        </div>
      ),
      children: [
        { path: '/', element: <HomeRoute /> },
        { path: '/key-comics', element: <BrowseRoute key="key-comics" mode="key-comics" /> },
        { path: '/new-comics', element: <BrowseRoute key="new-comics" mode="new-comics" /> },
        { path: '/back-issues', element: <BrowseRoute key="back-issues" mode="back-issues" /> },
        { path: '/pre-orders', element: <BrowseRoute key="pre-orders" mode="pre-orders" /> },
        { path: '/games', element: <BrowseRoute key="games" mode="games" /> },
        { path: '/accessories', element: <BrowseRoute key="accessories" mode="accessories" /> },
        { path: '/search', element: <SearchRoute /> },
        { path: '/search/:searchTerm', element: <SearchRoute /> },
        { path: '/item/:id/:slug', lazy: () => import('./routes/item').then((m) => ({ Component: m.ItemRoute })) },
        { path: '/item/:id', lazy: () => import('./routes/item').then((m) => ({ Component: m.ItemRoute })) },
        {
          path: '/account-want-list',
          lazy: () => import('./routes/account-want-list').then((m) => ({ Component: m.AccountWantListRoute })),
        },
        { path: '/series/:seriesId', lazy: () => import('./routes/series').then((m) => ({ Component: m.SeriesRoute })) },
        { path: '/about-us', lazy: () => import('./routes/about-us').then((m) => ({ Component: m.AboutUsRoute })) },
        ...(
          [
            ['/shipping', 'ShippingRoute'],
            ['/returns', 'ReturnsRoute'],
            ['/privacy', 'PrivacyRoute'],
            ['/contact', 'ContactRoute'],
          ] as const
        ).map(([path, name]) => ({ path, lazy: () => import('./routes/shop-pages').then((m) => ({ Component: m[name] })) })),
        {
          path: '/account-pull-list',
          lazy: () => import('./routes/account-pull-list').then((m) => ({ Component: m.AccountPullListRoute })),
        },
        { path: '/account-orders', lazy: () => import('./routes/account-orders').then((m) => ({ Component: m.AccountOrdersRoute })) },
        {
          path: '/account-addresses',
          lazy: () => import('./routes/account-addresses').then((m) => ({ Component: m.AccountAddressesRoute })),
        },
        {
          path: '/order-confirmation/:publicId',
          lazy: () => import('./routes/order-confirmation').then((m) => ({ Component: m.OrderConfirmationRoute })),
        },
        {
          path: '/reset-password/:token',
          lazy: () => import('./routes/reset-password').then((m) => ({ Component: m.ResetPasswordRoute })),
        },
        // '/admin-*' (the admin screens, a lazy chunk) and not-found.
        { path: '*', element: <CatchAllRoute /> },
      ],
    },
  ];
}
