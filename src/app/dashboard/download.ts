/** Saving a downloaded file in the browser, and reading what the server called it. */

/**
 * The file name of a `Content-Disposition: attachment` header: the RFC 5987 `filename*` (UTF-8)
 * when present, else the plain `filename`; null when the header names none.
 */
export function filenameFromDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended?.[1]) {
    try {
      return cleanName(decodeURIComponent(extended[1].trim()));
    } catch {
      // A malformed escape falls through to the plain name.
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/.exec(header);
  const name = plain?.[2] ?? plain?.[1];
  return name ? cleanName(name.trim()) : null;
}

// A server name never chooses a folder on the user's disk.
const cleanName = (name: string): string | null => name.replace(/[/\\]/g, '_').trim() || null;

/** Hands a blob to the browser's download through an object URL and a temporary anchor. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  // Revoking at once can cancel the download in some browsers; a moment later is safe.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** "1.4 MB", "820 KB", "512 bytes": how much of a download has arrived when its size is unknown. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
