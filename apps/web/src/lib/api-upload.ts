import { currentAccessToken, parse, refreshAccessToken } from './api-client.ts';

/** How far an upload has gone: 0..1. */
export type UploadProgress = (fraction: number) => void;

/**
 * A multipart upload with progress (fetch reports none for a request body): XMLHttpRequest to
 * the app's own origin with the bearer token, one refresh and retry on a 401 as apiRequest
 * does, and the answer read as apiRequest reads it (an ApiError on a refusal). Aborting the
 * signal aborts the upload.
 */
export async function uploadWithProgress<T>(
  path: string,
  form: FormData,
  onProgress: UploadProgress,
  signal?: AbortSignal,
): Promise<T> {
  const token = await currentAccessToken();
  let response = await send(path, form, token, onProgress, signal);
  if (response.status === 401 && token && (await refreshAccessToken())) {
    response = await send(path, form, await currentAccessToken(), onProgress, signal);
  }
  return parse<T>(response);
}

function send(
  path: string,
  form: FormData,
  token: string | null,
  onProgress: UploadProgress,
  signal: AbortSignal | undefined,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', path);
    request.withCredentials = true;
    request.setRequestHeader('accept', 'application/json');
    if (token) request.setRequestHeader('authorization', `Bearer ${token}`);
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    });
    request.addEventListener('load', () => {
      onProgress(1);
      resolve(
        new Response(request.status === 204 ? null : request.responseText, {
          status: request.status,
          headers: { 'content-type': request.getResponseHeader('content-type') ?? '' },
        }),
      );
    });
    request.addEventListener('error', () => reject(new TypeError('Failed to fetch')));
    request.addEventListener('abort', () =>
      reject(new DOMException('The upload was cancelled', 'AbortError')),
    );
    if (signal) {
      if (signal.aborted) {
        reject(new DOMException('The upload was cancelled', 'AbortError'));
        return;
      }
      signal.addEventListener('abort', () => request.abort(), { once: true });
    }
    request.send(form);
  });
}
