// Uploading a homepage video (POST /api/admin/homepage-videos, multipart), with upload progress,
// which a 50 MB file needs (lib/upload-with-progress.ts).
import { type ApiResponse, adminMessages, formatMegabytes, maxVideoBytes } from '../../../domain';
import { uploadWithProgress } from '@/lib/upload-with-progress';

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

export function uploadVideo({ file, displayName, onProgress }: VideoUpload): Promise<ApiResponse<'uploadHomepageVideo'>> {
  const form = new FormData();
  // The server reads the name before the file, so it comes first.
  form.append('displayName', displayName.trim());
  form.append('video', file, file.name);
  return uploadWithProgress('uploadHomepageVideo', form, { onProgress, failedMessage: 'The upload failed. Check your connection and try again.' });
}
