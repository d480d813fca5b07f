import { saveSiteSettingsSchema, siteSettingsDecider, SITE_SETTINGS_STREAM_ID } from '@shop/domain/settings/siteSettings';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../auth/identity.ts';
import type { AppContext } from '../../context.ts';
import { requestMetadata } from '../../requestMetadata.ts';
import { loadStream } from '../../../commands/loadStream.ts';
import { handle } from '../../../commands/handle.ts';
import { ordersNeedPosting } from '../../queries/ordersNeedPosting.ts';
import { adminRoute, parse } from './adminRoute.ts';
import { settingsCalls } from '@shop/domain/contract/settings';

/** Keys a screen may send back with the settings that are not settings (they are ignored). */
const ECHOED_KEYS = ['_id', '__v', 'ordersNeedPosting'];

/** Site settings (admin §7), read and saved on the write side so a save shows at once. */
export function settingsRoutes(app: FastifyInstance, ctx: AppContext): void {
  adminRoute(
    app,
    ctx,
    'GET',
    '/site-settings-admin',
    async () => {
      const { state } = await loadStream(ctx.store, siteSettingsDecider, SITE_SETTINGS_STREAM_ID);
      return { siteSettings: state, ordersNeedPosting: await ordersNeedPosting(ctx) };
    },
    { schema: settingsCalls.adminSiteSettings },
  );

  adminRoute(
    app,
    ctx,
    'POST',
    '/save-site-settings',
    async (request, _reply, admin) => {
      const body =
        request.body && typeof request.body === 'object' && !Array.isArray(request.body)
          ? { ...(request.body as Record<string, unknown>) }
          : request.body;
      if (body && typeof body === 'object') for (const key of ECHOED_KEYS) delete (body as Record<string, unknown>)[key];
      const settings = parse(saveSiteSettingsSchema, body);
      const { state } = await handle(
        ctx,
        siteSettingsDecider,
        SITE_SETTINGS_STREAM_ID,
        { type: 'SaveSiteSettings', settings },
        requestMetadata(ctx, request, actorOf(admin)),
      );
      return { siteSettings: state, ordersNeedPosting: await ordersNeedPosting(ctx), message: 'Settings saved' };
    },
    { schema: settingsCalls.saveSiteSettings },
  );
}
