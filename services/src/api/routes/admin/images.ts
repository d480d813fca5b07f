import { entityIdSchema } from '@shop/domain/catalogue/index';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../../auth/identity.ts';
import type { AppContext } from '../../context.ts';
import { HttpError } from '../../errors.ts';
import { requestMetadata } from '../../requestMetadata.ts';
import { checkImages, MAX_IMAGE_UPLOAD_BYTES, uploadStockImage } from '../../../admin/stockImages.ts';
import { isImageFolder, isSafeFileName } from '../../../storage/imageStorage.ts';
import { adminRoute, parse } from './adminRoute.ts';
import { readForm } from './multipartForm.ts';
import { adminCalls } from '@shop/domain/contract/admin';

const idParams = z.object({ id: entityIdSchema });
const imageIdQuery = z.object({ imageId: z.string().trim().max(100).optional() });

/** Stock images: upload (converted to WebP) and the images check. */
export function imageRoutes(app: FastifyInstance, ctx: AppContext): void {
  adminRoute(
    app,
    ctx,
    'POST',
    '/stock-image/:id',
    async (request, _reply, admin) => {
      const { id } = parse(idParams, request.params);
      const form = await readForm(request, 'file', 'image');
      if (!form.file) throw new HttpError(400, 'Choose the image to upload (field "file")');
      if (!form.file.mimetype.startsWith('image/')) throw new HttpError(400, `The file must be an image (it is ${form.file.mimetype})`);
      const imageId = form.fields.imageId ?? parse(imageIdQuery, request.query).imageId ?? null;
      const uploaded = await uploadStockImage(ctx, ctx.storage, id, form.file.data, imageId, requestMetadata(ctx, request, actorOf(admin)));
      return { comic: uploaded.comic, imageUrl: uploaded.url, message: uploaded.extra ? 'Extra image added' : 'Image saved' };
    },
    { bodyLimit: MAX_IMAGE_UPLOAD_BYTES + 1024 * 1024, schema: adminCalls.stockImage, inputsCheckedByHandler: true },
  );

  adminRoute(
    app,
    ctx,
    'PUT',
    '/check-images',
    async (request, _reply, admin) => checkImages(ctx, ctx.storage, requestMetadata(ctx, request, actorOf(admin))),
    { schema: adminCalls.checkImages },
  );
}

/**
 * GET /images/{folder}/{file}: item images, public, served from the image storage (the local folder
 * by default). Register OUTSIDE /api (in app.ts): registerImageRoutes(app, ctx).
 */
export function registerImageRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/images/:folder/:file', async (request, reply) => {
    const { folder, file } = request.params as { folder: string; file: string };
    if (!isImageFolder(folder) || !isSafeFileName(file)) return reply.status(404).send({ message: 'No such image' });
    const stored = await ctx.storage.get(`${folder}/${file}`);
    if (!stored) return reply.status(404).header('cache-control', 'no-cache').send({ message: 'No such image' });
    return reply
      .header('content-type', stored.contentType)
      .header('cache-control', 'public, max-age=300')
      .header('x-content-type-options', 'nosniff')
      .send(stored.body);
  });
}
