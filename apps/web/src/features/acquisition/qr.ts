import { saveBlob } from './download';

/**
 * A tracking link's QR code as an SVG file for posters: drawn in the browser (the `qrcode` library is
 * loaded only when asked), vector so it prints sharp at any size; error correction M survives a crease.
 */
export async function downloadQrCode(url: string, fileName: string): Promise<void> {
  const QRCode = (await import('qrcode')).default;
  const svg = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  saveBlob(fileName, new Blob([svg], { type: 'image/svg+xml' }));
}
