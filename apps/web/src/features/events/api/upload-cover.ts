import type { CoverUploadResult } from '@guichet/shared/events';
import { useMutation } from '@tanstack/react-query';
import { rawRequest } from '../../settings/api/raw-request';

/** Stores the image; the event takes it as its cover when the form is saved. */
export async function uploadCover(file: File): Promise<CoverUploadResult> {
  const response = await rawRequest('POST', '/events/covers', {
    bytes: file,
    contentType: file.type || 'application/octet-stream',
  });
  return (await response.json()) as CoverUploadResult;
}

export function useUploadCover() {
  return useMutation({ mutationFn: uploadCover });
}
