import { apiRequest, extractMessage, ApiError } from '../../../../lib/api';

/** 'deleted', or 'not-deleted' when the server answers 202 ("NOT Deleted - Batch has NOT been deleted."). */
export type DeleteOutcome = 'deleted' | 'not-deleted';

/** DELETE of a batch or of its stock. */
export async function deleteCall(path: string): Promise<DeleteOutcome> {
  const response = await apiRequest<unknown>(path, { method: 'DELETE' });
  if (response.status === 202) return 'not-deleted';
  if (!response.ok)
    throw new ApiError(extractMessage(response.data, `Request failed (${response.status})`), response.status, response.data);
  return 'deleted';
}
