/** The decoder worker shipped by `qr-scanner` (jsQR compiled small, started from a Blob: no extra request). */
declare module 'qr-scanner/qr-scanner-worker.min.js' {
  export function createWorker(): Worker;
}
