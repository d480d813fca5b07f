import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, extractMessage } from '../../../../lib/api';
import type { AdminComic } from '../../../types';
import { uploadFile } from '../../../lib/upload-file';
import { replaceInCaches } from '../../../lib/stock-caches';

export interface ImageUpload {
  imageId: string;
  file: File;
}

/**
 * POST /stock-image/{id} (multipart `file`, `imageId`): stores the picture (as WebP) under the id;
 * an id other than the comicId becomes an extra image. Answers {comic, imageUrl, message}.
 */
export async function uploadStockImage(stockId: string, upload: ImageUpload): Promise<AdminComic | null> {
  const response = await uploadFile<{ comic?: AdminComic; message?: string }>(`/stock-image/${encodeURIComponent(stockId)}`, upload.file, {
    fields: { imageId: upload.imageId },
  });
  if (response.status < 200 || response.status >= 300) {
    throw new ApiError(
      `Image ${upload.file.name} not uploaded: ${extractMessage(response.data, `status ${response.status}`)}`,
      response.status,
      response.data,
    );
  }
  return response.data?.comic ?? null;
}

/** Uploads the pictures of one item, one after another; the item's cached copies follow each answer. */
export function useUploadImages() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ stockId, uploads }: { stockId: string; uploads: readonly ImageUpload[] }) => {
      let comic: AdminComic | null = null;
      for (const upload of uploads) {
        comic = (await uploadStockImage(stockId, upload)) ?? comic;
        if (comic) replaceInCaches(queryClient, [comic]);
      }
      return comic;
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['admin', 'images-check'], refetchType: 'none' });
    },
  });
}
