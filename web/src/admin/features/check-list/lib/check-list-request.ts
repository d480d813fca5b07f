import { apiRequest, ApiError } from '../../../../lib/api';

/** A check list call; anything but 2xx throws the screen's failure text. */
export async function checked<T>(path: string, method: 'POST' | 'PUT' | 'DELETE', failure: string, body?: unknown): Promise<T> {
  const response = await apiRequest<T>(path, { method, body });
  if (!response.ok) throw new ApiError(failure, response.status, response.data);
  return response.data;
}
