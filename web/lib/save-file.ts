/**
 * Saves a Blob as a file through a temporary object URL and a download link. Its own module so
 * tests can watch it (jsdom cannot download).
 */
export function saveBlobAsFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.style.display = "none";
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    // Revoked on the next task: some browsers read the URL only after click() returns.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
