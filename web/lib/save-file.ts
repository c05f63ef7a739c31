/**
 * Follows `href` as a click on a link would, through a temporary hidden link: with `fileName`
 * the browser saves what the link points to under that name.
 */
export function followLink(href: string, fileName?: string): void {
  const link = document.createElement("a");
  link.href = href;
  if (fileName !== undefined) link.download = fileName;
  link.style.display = "none";
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
  }
}

/** Saves a Blob as a file through a temporary object URL and a download link. */
export function saveBlobAsFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  try {
    followLink(url, fileName);
  } finally {
    // Revoked on the next task: some browsers read the URL only after click() returns.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}

/** Saves a downloaded file under its own name (the one the server gave it, see fetchRouteFile). */
export function saveFile(file: File): void {
  saveBlobAsFile(file, file.name);
}
