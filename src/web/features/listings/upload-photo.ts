// POST /api/uploads/images: one photo per request, sent with XMLHttpRequest so the page can show
// upload progress (fetch cannot report it).
import { ApiError } from '@/lib/api-client';
import { readAuthToken } from '@/lib/auth-token';

/** The error body's extra fields (code, bannedWords, listingLimit...). */
type ErrorFields = NonNullable<ConstructorParameters<typeof ApiError>[2]>;

export type UploadedPhoto = { url: string; thumbnailUrl: string; width: number; height: number; bytes: number };

const uploadFailedMessage = 'The photo could not be uploaded. Check your connection and try again.';

function errorFrom(request: XMLHttpRequest): ApiError {
  try {
    const body = JSON.parse(request.responseText) as ErrorFields & { message?: unknown };
    if (body && typeof body.message === 'string' && body.message) return new ApiError(request.status, body.message, body);
  } catch {
    // Not JSON.
  }
  return new ApiError(request.status, `${request.status}: ${request.statusText || request.responseText}`);
}

export function uploadPhoto(photo: Blob, fileName: string, options: { onProgress: (fraction: number) => void; signal?: AbortSignal }): Promise<UploadedPhoto> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/uploads/images');
    request.withCredentials = true;
    const token = readAuthToken();
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.responseType = 'text';

    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress(event.loaded / event.total);
    });
    request.addEventListener('load', () => {
      if (request.status === 201 || request.status === 200) {
        try {
          resolve(JSON.parse(request.responseText) as UploadedPhoto);
        } catch {
          reject(new Error(uploadFailedMessage));
        }
        return;
      }
      reject(errorFrom(request));
    });
    request.addEventListener('error', () => reject(new Error(uploadFailedMessage)));
    request.addEventListener('abort', () => reject(new DOMException('Upload cancelled', 'AbortError')));
    options.signal?.addEventListener('abort', () => request.abort());

    const form = new FormData();
    form.append('image', photo, fileName);
    request.send(form);
  });
}
