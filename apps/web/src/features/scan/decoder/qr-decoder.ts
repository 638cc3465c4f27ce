/**
 * Reads a QR code from a camera frame. The browser's own BarcodeDetector where it has one that knows QR
 * (Android's Chrome): fast and native; otherwise qr-scanner's worker (jsQR compiled small, about 10 KB
 * gzipped), bundled with the app and loaded only when the camera starts. Both work offline.
 */
export interface QrDecoder {
  /** The text of the QR code in the frame, or null when there is none. */
  decode(source: HTMLVideoElement | HTMLCanvasElement): Promise<string | null>;
  close(): void;
}

interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<DetectedBarcode[]>;
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats(): Promise<string[]>;
}

/** The worker's protocol (qr-scanner 1.4): `decode` an ImageData, answered by `qrResult` with the same id. */
export interface DecodeMessage {
  id: number;
  type: 'decode';
  data: ImageData | { data: Uint8ClampedArray; width: number; height: number };
}
export interface QrResultMessage {
  id: number;
  type: 'qrResult';
  data: string | null;
}

/** Frames are scaled down to this width: a QR code held up at a door fills enough of the frame. */
const MAX_FRAME_WIDTH = 640;

async function nativeDecoder(): Promise<QrDecoder | null> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (!Detector) return null;
  try {
    if (!(await Detector.getSupportedFormats()).includes('qr_code')) return null;
    const detector = new Detector({ formats: ['qr_code'] });
    return {
      async decode(source) {
        const codes = await detector.detect(source);
        return codes.find((code) => code.rawValue)?.rawValue ?? null;
      },
      close() {},
    };
  } catch {
    return null;
  }
}

function frameSize(source: HTMLVideoElement | HTMLCanvasElement): { width: number; height: number } {
  const width = source instanceof HTMLVideoElement ? source.videoWidth : source.width;
  const height = source instanceof HTMLVideoElement ? source.videoHeight : source.height;
  if (width <= MAX_FRAME_WIDTH) return { width, height };
  return { width: MAX_FRAME_WIDTH, height: Math.round((height * MAX_FRAME_WIDTH) / width) };
}

async function workerDecoder(): Promise<QrDecoder> {
  const { createWorker } = await import('qr-scanner/qr-scanner-worker.min.js');
  const worker = createWorker();
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  const pending = new Map<number, (text: string | null) => void>();
  let next = 1;
  worker.onmessage = (event: MessageEvent<QrResultMessage>) => {
    if (event.data.type !== 'qrResult') return;
    pending.get(event.data.id)?.(event.data.data);
    pending.delete(event.data.id);
  };
  return {
    decode(source) {
      const { width, height } = frameSize(source);
      if (!context || width === 0 || height === 0) return Promise.resolve(null);
      canvas.width = width;
      canvas.height = height;
      context.drawImage(source, 0, 0, width, height);
      const data = context.getImageData(0, 0, width, height);
      const id = next++;
      return new Promise((resolve) => {
        pending.set(id, resolve);
        const message: DecodeMessage = { id, type: 'decode', data };
        worker.postMessage(message, [data.data.buffer]);
      });
    },
    close() {
      worker.terminate();
      for (const resolve of pending.values()) resolve(null);
      pending.clear();
    },
  };
}

export async function createQrDecoder(): Promise<QrDecoder> {
  return (await nativeDecoder()) ?? workerDecoder();
}
