import type { DownloadFile } from './prepare-export.ts';

/**
 * Saves bytes through the browser's download (a Blob, an object URL and an <a download> click):
 * the page never uploads anything. The URL is revoked a little later, not at once, because
 * some browsers start reading the Blob only after the click handler returns.
 */
export function saveFile({ fileName, bytes, mimeType }: DownloadFile): void {
  // A copy into a plain ArrayBuffer: Blob takes no SharedArrayBuffer-backed views.
  const blob = new Blob([bytes.slice()], { type: mimeType });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
