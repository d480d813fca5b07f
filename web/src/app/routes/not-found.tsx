import { Link, isRouteErrorResponse, useRouteError } from 'react-router';
import { useDocumentTitle } from '../../lib/hooks';

export function NotFoundRoute() {
  useDocumentTitle('Page not found');
  return (
    <div className="page">
      <h1 className="page-title">Page not found</h1>
      <p>
        That page does not exist. Head back to the <Link to="/">homepage</Link> or try a search.
      </p>
    </div>
  );
}

export function RouteError() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : 'Unknown error';
  return (
    <div className="page" role="alert">
      <h1 className="page-title">Something went wrong</h1>
      <p>{message}</p>
      <p>
        <a href="/">Go to the homepage</a>
      </p>
    </div>
  );
}
