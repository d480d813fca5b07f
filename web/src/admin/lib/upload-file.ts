import { API_BASE } from '../../lib/api';
import { getAccessToken } from '../../lib/session';

export interface UploadProgress {
  loaded: number;
  total: number;
  /** 0-100, or null when the size is not known. */
  percent: number | null;
}

export interface UploadResponse<T> {
  status: number;
  data: T;
}

export interface UploadOptions {
  method?: 'POST' | 'PUT';
  /** Extra form fields sent before the file. */
  fields?: Record<string, string | undefined>;
  /** The multipart field of the file (`file`). */
  fileField?: string;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

function parse(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Sends a file as multipart/form-data with the bearer token, reporting upload progress
 * (XMLHttpRequest: fetch has no upload progress). Resolves with any HTTP status; rejects on a
 * network error or abort.
 */
export function uploadFile<T>(path: string, file: File, options: UploadOptions = {}): Promise<UploadResponse<T>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(options.method ?? 'POST', `${API_BASE}${path}`);
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getAccessToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      options.onProgress?.({
        loaded: event.loaded,
        total: event.total,
        percent: event.lengthComputable && event.total > 0 ? Math.round((event.loaded / event.total) * 100) : null,
      });
    };
    xhr.onload = () => resolve({ status: xhr.status, data: parse(xhr.responseText) as T });
    xhr.onerror = () => reject(new Error('The upload failed: the server could not be reached.'));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    for (const [name, value] of Object.entries(options.fields ?? {})) {
      if (value !== undefined && value !== '') form.append(name, value);
    }
    form.append(options.fileField ?? 'file', file, file.name);
    xhr.send(form);
  });
}
