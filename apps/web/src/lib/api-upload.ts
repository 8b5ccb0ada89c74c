import { currentAuthHooks, parse } from './api-client.ts';

export interface UploadOptions {
  /** Called as the bytes go out: the fraction sent so far, from 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * A multipart upload that reports its progress (fetch cannot: its request body has no upload
 * events), with the same bearer token, 401 refresh and error mapping as `apiRequest`.
 */
export async function apiUpload<T>(
  path: string,
  form: FormData,
  options: UploadOptions = {},
): Promise<T> {
  const authHooks = currentAuthHooks();
  const pending = authHooks.pending?.() ?? null;
  if (pending) await pending;
  const response = await sendWithProgress(path, form, options);
  if (response.status === 401 && authHooks.getAccessToken()) {
    if (await authHooks.refresh()) return parse<T>(await sendWithProgress(path, form, options));
  }
  return parse<T>(response);
}

function sendWithProgress(path: string, form: FormData, options: UploadOptions): Promise<Response> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', path);
    request.withCredentials = true;
    request.setRequestHeader('accept', 'application/json');
    const token = currentAuthHooks().getAccessToken();
    if (token) request.setRequestHeader('authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        options.onProgress?.(event.loaded / event.total);
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
    request.onabort = () => reject(new DOMException('The upload was aborted.', 'AbortError'));
    options.signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(form);
  });
}
