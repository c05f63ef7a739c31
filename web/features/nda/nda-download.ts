/**
 * Opens a signed file link. The file route answers with `Content-Disposition: attachment`, so the
 * browser downloads it and the page stays where it is. Its own module so tests can replace it
 * (jsdom cannot navigate).
 */
export function startDownload(url: string): void {
  window.location.assign(url);
}
