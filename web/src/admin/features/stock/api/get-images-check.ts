import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, ApiError } from '../../../../lib/api';
import type { AdminComic } from '../../../types';

/** PUT /check-images: the items whose image is missing. Non-200: 'Error! Stock not updated'. */
export const imagesCheckQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'images-check'],
    queryFn: async ({ signal }) => {
      const response = await apiRequest<{ comics?: AdminComic[] }>('/check-images', { method: 'PUT', body: {}, signal });
      if (response.status !== 200) throw new ApiError('Error! Stock not updated', response.status, response.data);
      return response.data?.comics ?? [];
    },
    staleTime: 0,
    retry: false,
  });

export function useImagesCheck() {
  return useQuery(imagesCheckQueryOptions());
}
