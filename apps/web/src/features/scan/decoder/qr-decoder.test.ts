import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import type { DecodeMessage, QrResultMessage } from './qr-decoder';

/**
 * The decoder the scanner ships (qr-scanner's worker) run on camera-like frames. The worker's code comes as a
 * Blob; here it is taken from the Blob and run with a stand-in for the worker's `self`.
 */
async function loadWorker(): Promise<(message: DecodeMessage) => QrResultMessage> {
  let source = '';
  const globals = globalThis as Record<string, unknown>;
  const saved = { Blob: globals.Blob, Worker: globals.Worker, createObjectURL: URL.createObjectURL };
  globals.Blob = class {
    constructor(parts: string[]) {
      source = parts.join('');
    }
  };
  globals.Worker = class {};
  URL.createObjectURL = () => 'blob:decoder';
  try {
    const { createWorker } = await import('qr-scanner/qr-scanner-worker.min.js');
    createWorker();
  } finally {
    globals.Blob = saved.Blob;
    globals.Worker = saved.Worker;
    URL.createObjectURL = saved.createObjectURL;
  }
  let answer: QrResultMessage | null = null;
  const self: {
    postMessage(message: QrResultMessage): void;
    close(): void;
    onmessage?: (event: { data: DecodeMessage }) => void;
  } = {
    postMessage: (message) => {
      answer = message;
    },
    close: () => undefined,
  };
  new Function('self', source)(self);
  return (message) => {
    answer = null;
    self.onmessage?.({ data: message });
    if (!answer) throw new Error('The decoder did not answer');
    return answer;
  };
}

/** A frame of grey paper with the QR code at `scale` pixels per module, a little noise, off-centre. */
function frame(text: string, scale: number) {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const modules = qr.modules.size;
  const width = 480;
  const height = 360;
  const data = new Uint8ClampedArray(width * height * 4);
  let random = 7;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const column = Math.floor((x - 60) / scale);
      const row = Math.floor((y - 30) / scale);
      const dark =
        column >= 0 && row >= 0 && column < modules && row < modules && qr.modules.get(row, column) === 1;
      random = (random * 1103515245 + 12345) % 2147483648;
      const value = (dark ? 40 : 200) + (random % 31) - 15;
      data.set([value, value, value, 255], (y * width + x) * 4);
    }
  }
  return { data, width, height };
}

describe('the QR decoder the scanner ships', () => {
  // A real ticket secret's length and alphabet (base64url of 97 bytes).
  const secret =
    'AQGS8MQREXIigzNERFVVZmYBkvDEqqp7u4zM3d3u7v_xq8LPZt1Z3HbvuZbvI9UTPIa4RkqIfUuq3QhFRVMdcI4LlQYPM3B8tNXr5WdTWOcmh5k3xxA4CTE1';

  it('reads a ticket secret from a noisy camera frame', async () => {
    const decode = await loadWorker();
    expect(decode({ id: 1, type: 'decode', data: frame(secret, 4) })).toEqual(
      expect.objectContaining({ id: 1, type: 'qrResult', data: secret }),
    );
  });

  it('answers null for a frame without a code', async () => {
    const decode = await loadWorker();
    const blank = { data: new Uint8ClampedArray(320 * 240 * 4).fill(180), width: 320, height: 240 };
    expect(decode({ id: 2, type: 'decode', data: blank })).toEqual(
      expect.objectContaining({ id: 2, type: 'qrResult', data: null }),
    );
  });
});
