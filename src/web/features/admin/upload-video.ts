// Uploading a homepage video (POST /api/admin/homepage-videos, multipart). XMLHttpRequest rather
// than fetch: only it reports upload progress, which a 50 MB file needs.
import {
  type HomepageVideo,
  adminMessages,
  formatMegabytes,
  maxVideoBytes,
} from '../../../domain';
import { ApiError } from '@/lib/api-client';
import { readAuthToken } from '@/lib/auth-token';

/** spec 5: MP4, WebM and MOV. */
export const acceptedVideoTypes = 'video/mp4,video/webm,video/quicktime';
export const maxVideoMegabytes = formatMegabytes(maxVideoBytes);

export type VideoProblem = { title: string; description: string };

/** spec 5 "Video upload", in the spec's order: file and name, then size, then type. */
export function checkVideoUpload(file: File | null, displayName: string): VideoProblem | null {
  if (!file || displayName.trim() === '') {
    return { title: adminMessages.missingInformationTitle, description: adminMessages.missingVideoName };
  }
  if (file.size >= maxVideoBytes) return { title: adminMessages.videoTooLargeTitle, description: adminMessages.videoTooLarge };
  if (!file.type.startsWith('video/')) return { title: adminMessages.videoWrongTypeTitle, description: adminMessages.videoWrongType };
  return null;
}

export type VideoUpload = {
  file: File;
  displayName: string;
  /** Called with 0 to 1 as the file goes up. */
  onProgress?: (fraction: number) => void;
};

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The same message rules as the API client (spec 8). */
function toApiError(request: XMLHttpRequest): ApiError {
  const body = parseJson(request.responseText);
  const fallback = `${request.status}: ${request.statusText || request.responseText}`;
  if (typeof body === 'object' && body !== null && !Array.isArray(body)) {
    const record = body as Record<string, unknown>;
    const message = typeof record.message === 'string' && record.message !== '' ? record.message : fallback;
    return new ApiError(request.status, message, record);
  }
  return new ApiError(request.status, fallback);
}

export function uploadVideo({ file, displayName, onProgress }: VideoUpload): Promise<HomepageVideo> {
  const form = new FormData();
  // The server reads the name before the file, so it comes first.
  form.append('displayName', displayName.trim());
  form.append('video', file, file.name);

  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/admin/homepage-videos');
    request.withCredentials = true;
    const token = readAuthToken();
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        onProgress?.(1);
        resolve(JSON.parse(request.responseText) as HomepageVideo);
      } else {
        reject(toApiError(request));
      }
    };
    request.onerror = () => reject(new Error('The upload failed. Check your connection and try again.'));
    request.onabort = () => reject(new Error('The upload was cancelled.'));
    request.send(form);
  });
}
