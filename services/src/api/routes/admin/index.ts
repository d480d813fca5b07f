import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { trackAdminRoutes } from './adminRoute.ts';
import { auditRoutes } from './audit.ts';
import { batchRoutes } from './batches.ts';
import { checkListRoutes } from './checkList.ts';
import { imageRoutes } from './images.ts';
import { adminOrderRoutes } from './orders.ts';
import { pullListAdminRoutes } from './pullLists.ts';
import { seriesAdminRoutes } from './series.ts';
import { settingsRoutes } from './settings.ts';
import { adminStatusRoutes } from './status.ts';
import { stockRoutes } from './stock.ts';
import { uploadRoutes } from './uploads.ts';
import { userRoutes } from './users.ts';

export { registerImageRoutes } from './images.ts';

/**
 * The admin calls (admin §7, except /ebay-*), in one plugin under /api. Every route here is
 * registered with adminRoute (401 without a token, 403 for a customer); the onRoute hook records
 * them all for the permissions test.
 */
export function adminRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.register(async (admin) => {
    trackAdminRoutes(admin);
    await admin.register(multipart, { limits: { files: 1, fileSize: 25 * 1024 * 1024, fields: 20, fieldSize: 10_000 } });
    stockRoutes(admin, ctx);
    imageRoutes(admin, ctx);
    batchRoutes(admin, ctx);
    uploadRoutes(admin, ctx);
    adminOrderRoutes(admin, ctx);
    userRoutes(admin, ctx);
    checkListRoutes(admin, ctx);
    settingsRoutes(admin, ctx);
    adminStatusRoutes(admin, ctx);
    auditRoutes(admin, ctx);
    seriesAdminRoutes(admin, ctx);
    pullListAdminRoutes(admin, ctx);
  });
}
