import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppTree, ROOT_ID } from './app/app-tree';
import { createRouter } from './app/router';
import { getTempToken } from './lib/session';
import './styles/app.css';
import './styles/pull-lists.css';

// An anonymous visitor gets their random id on the first visit.
getTempToken();

const router = createRouter();
const root = document.getElementById(ROOT_ID)!;
const app = <AppTree router={<RouterProvider router={router} />} />;

// The homepage comes drawn by the server (services/src/api/routes/homepagePage.ts): the app takes
// that markup over as its own rather than drawing the page again.
if (root.hasChildNodes()) hydrateRoot(root, app);
else createRoot(root).render(app);
