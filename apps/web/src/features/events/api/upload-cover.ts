import type { CoverUploadResult } from '@guichet/shared/events';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { FILE_TIMEOUT_MS } from '../../../lib/http-client';

/** `POST /events/covers`: stores the image; the event takes it as its cover when the form is saved. */
export function uploadCover(file: File): Promise<CoverUploadResult> {
  return api.post<CoverUploadResult>('/events/covers', file, { timeoutMs: FILE_TIMEOUT_MS });
}

export function useUploadCover() {
  return useMutation({ mutationFn: uploadCover });
}
