// The API's two uploads (a listing's photo, a homepage video) go by XMLHttpRequest rather than fetch:
// only it reports upload progress. The address and the answer's type come from the endpoint map, as
// every other call's do (callApi), and a refusal becomes the same ApiError (toApiError).
import { type ApiResponse, apiEndpoints } from '../../domain';
import { toApiError } from './api-client';
import { readAuthToken } from './auth-token';

export type UploadEndpoint = 'uploadImage' | 'uploadHomepageVideo';

export type UploadOptions = {
  /** Called with 0 to 1 as the file goes up, and with 1 once the server has taken it. */
  onProgress?: (fraction: number) => void;
  /** Aborting cancels the upload: the promise rejects with an AbortError. */
  signal?: AbortSignal;
  /** The message when the request never got an answer (no connection), or the answer was not JSON. */
  failedMessage: string;
};

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Sends `form` to the upload endpoint `name`; resolves with its answer (the stored photo or video). */
export function uploadWithProgress<K extends UploadEndpoint>(name: K, form: FormData, { onProgress, signal, failedMessage }: UploadOptions): Promise<ApiResponse<K>> {
  const { method, path } = apiEndpoints[name];
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('Upload cancelled', 'AbortError'));
      return;
    }
    const request = new XMLHttpRequest();
    request.open(method, path);
    request.withCredentials = true;
    const token = readAuthToken();
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.responseType = 'text';

    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    });
    request.addEventListener('load', () => {
      if (request.status < 200 || request.status >= 300) {
        reject(toApiError(request.status, parseJson(request.responseText), request.statusText || request.responseText));
        return;
      }
      const answer = parseJson(request.responseText);
      if (answer === undefined) {
        reject(new Error(failedMessage));
        return;
      }
      onProgress?.(1);
      resolve(answer as ApiResponse<K>);
    });
    request.addEventListener('error', () => reject(new Error(failedMessage)));
    request.addEventListener('abort', () => reject(new DOMException('Upload cancelled', 'AbortError')));
    signal?.addEventListener('abort', () => request.abort(), { once: true });

    request.send(form);
  });
}
