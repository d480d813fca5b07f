import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { accountsRoutes } from './accounts/index.ts';
import { adminRoutes } from './admin/index.ts';
import { catalogueRoutes } from './catalogue/index.ts';
import { marketplaceRoutes } from './marketplace/index.ts';
import { ordersRoutes } from './orders/index.ts';
import { pullListRoutes } from './pullLists/index.ts';
import { seriesRoutes } from './series/index.ts';
import { siteSettingsRoutes } from './siteSettings.ts';
import { statusRoutes } from './status.ts';
import { wantsRoutes } from './wants/index.ts';

/** Every area's calls, registered under /api. */
export const apiRoutes: ((app: FastifyInstance, ctx: AppContext) => void)[] = [
  siteSettingsRoutes,
  statusRoutes,
  catalogueRoutes,
  accountsRoutes,
  ordersRoutes,
  adminRoutes,
  marketplaceRoutes,
  wantsRoutes,
  seriesRoutes,
  pullListRoutes,
];
