import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { Spinner } from '../../components/ui/field';
import { NotFoundRoute } from './not-found';

/** The admin screens are a separate chunk, loaded on the first /admin-* visit. */
const AdminRoutes = lazy(() => import('../../admin/AdminRoutes'));

export function isAdminPath(pathname: string): boolean {
  return pathname.startsWith('/admin-');
}

/** Routes every /admin-* path to the lazy admin module; anything else is not found. */
export function CatchAllRoute() {
  const { pathname } = useLocation();
  if (!isAdminPath(pathname)) return <NotFoundRoute />;
  return (
    <Suspense
      fallback={
        <div className="page">
          <Spinner label="Loading admin" />
        </div>
      }
    >
      <AdminRoutes />
    </Suspense>
  );
}
