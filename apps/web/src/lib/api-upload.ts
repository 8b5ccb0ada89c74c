import { currentAccessToken, parse, refreshAccessToken } from './api-client.ts';

export interface UploadOptions {
  /** Called as the bytes go out: the fraction sent so far, from 0 to 1. */
  onProgress?: (fraction: number) => void;
  /** Aborting it aborts the upload (an AbortError). */
  signal?: AbortSignal;
}

/**
 * A multipart upload that reports its progress (fetch cannot: its request body has no upload
 * events): XMLHttpRequest to the app's own origin with the bearer token, one refresh and retry
 * on a 401 as `apiRequest` does, and the answer read as `apiRequest` reads it (an `ApiError` on
 * a refusal).
 */
export async function apiUpload<T>(
  path: string,
  form: FormData,
  options: UploadOptions = {},
): Promise<T> {
  const token = await currentAccessToken();
  let response = await send(path, form, token, options);
  if (response.status === 401 && token && (await refreshAccessToken())) {
    response = await send(path, form, await currentAccessToken(), options);
  }
  return parse<T>(response);
}

function send(
  path: string,
  form: FormData,
  token: string | null,
  { onProgress, signal }: UploadOptions,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const aborted = () => new DOMException('The upload was cancelled', 'AbortError');
    if (signal?.aborted) {
      reject(aborted());
      return;
    }
    const request = new XMLHttpRequest();
    request.open('POST', path);
    request.withCredentials = true;
    request.setRequestHeader('accept', 'application/json');
    if (token) request.setRequestHeader('authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    request.onload = () => {
      const contentType = request.getResponseHeader('content-type');
      const empty = request.status === 204 || request.status === 205;
      resolve(
        new Response(empty ? null : request.responseText, {
          status: request.status,
          headers: contentType ? { 'content-type': contentType } : {},
        }),
      );
    };
    request.onerror = () => reject(new TypeError('Failed to fetch'));
    request.onabort = () => reject(aborted());
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(form);
  });
}
