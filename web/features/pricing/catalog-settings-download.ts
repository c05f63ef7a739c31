/**
 * Saves text as a file through a temporary object URL and a download link. Its own module so
 * tests can watch it (jsdom cannot download).
 */
export function saveTextFile(text: string, fileName: string, type = "text/csv;charset=utf-8"): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
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
