import { uuidv7 } from '@guichet/db/ids';
import { COVER_MAX_BYTES, type CoverUploadResult } from '@guichet/shared/events';
import { LOGO_TYPES } from '@guichet/shared/settings';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { storageFor } from '../../storage/create-storage';
import { detectImageType, isAcceptableDeclaredType } from '../settings/logo';
import { insertFile } from '../settings/settings.repository';

/**
 * Stores an event cover and answers its file id, which an event then names as `coverFileId`. The image is
 * checked like the logo (size, then real type from its bytes); the bytes go to storage first and are removed
 * again if the file row cannot be written, so no row ever points at missing bytes.
 */
export async function uploadCover(
  ctx: AppContext,
  actor: { organizationId: string; staffId: string },
  upload: { bytes: Buffer; declaredType: string | undefined },
): Promise<CoverUploadResult> {
  if (upload.bytes.length === 0) throw new AppError('argument-error', 'The file is empty.');
  if (upload.bytes.length > COVER_MAX_BYTES) {
    throw new AppError('payload-too-large', 'The cover must be 5 MiB or less.');
  }
  const contentType = detectImageType(upload.bytes);
  if (!contentType || !isAcceptableDeclaredType(upload.declaredType)) {
    throw new AppError('unsupported-file-type', 'The cover must be a PNG, JPEG or WebP image.', {
      details: { accepted: LOGO_TYPES },
    });
  }
  const storage = storageFor(ctx.config.storage);
  const fileId = uuidv7();
  const storageKey = `${actor.organizationId}/${fileId}`;
  await storage.put(storageKey, upload.bytes, contentType);
  try {
    await insertFile(ctx.db, {
      id: fileId,
      organizationId: actor.organizationId,
      storageKey,
      contentType,
      size: upload.bytes.length,
      purpose: 'event-cover',
      uploadedBy: actor.staffId,
    });
  } catch (error) {
    await storage.delete(storageKey).catch(() => undefined);
    throw error;
  }
  return { fileId };
}
