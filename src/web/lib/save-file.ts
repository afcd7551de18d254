/** How long the downloaded file's address stays valid: long enough for any browser to start saving it. */
const revokeAfterMs = 60_000;

/** Hands a file the page fetched itself to the browser's downloads, under `fileName`. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), revokeAfterMs);
}
