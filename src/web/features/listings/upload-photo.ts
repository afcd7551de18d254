// POST /api/uploads/images: one photo per request, with upload progress (lib/upload-with-progress.ts).
import type { ApiResponse } from '../../../domain';
import { uploadWithProgress } from '@/lib/upload-with-progress';

const uploadFailedMessage = 'The photo could not be uploaded. Check your connection and try again.';

export function uploadPhoto(photo: Blob, fileName: string, options: { onProgress: (fraction: number) => void; signal?: AbortSignal }): Promise<ApiResponse<'uploadImage'>> {
  const form = new FormData();
  form.append('image', photo, fileName);
  return uploadWithProgress('uploadImage', form, { ...options, failedMessage: uploadFailedMessage });
}
