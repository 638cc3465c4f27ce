/** Saves a blob as a file through a temporary link (the browser's own download, no new window). */
export function saveBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
