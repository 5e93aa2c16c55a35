/** Hands a file to the browser's own download (the Downloads bar, the save dialog). */
export function saveFile(file: Blob, filename: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked a little later: revoking at once can cancel the download before it has started.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
