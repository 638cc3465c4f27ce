import { LOGO_TYPES, type LogoType } from '@guichet/shared/settings';

/**
 * The image type the bytes really are, from their signature (magic bytes); undefined for anything else,
 * whatever name or type the upload declared. SVG is never accepted: it can carry scripts.
 */
export function detectImageType(bytes: Uint8Array): LogoType | undefined {
  const starts = (signature: number[], offset = 0) =>
    bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  // RIFF....WEBP
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return undefined;
}

/** Declared types an upload may carry: the accepted images, or a generic one (the bytes decide). */
export function isAcceptableDeclaredType(contentType: string | undefined): boolean {
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return (LOGO_TYPES as readonly string[]).includes(type) || type === 'application/octet-stream';
}
