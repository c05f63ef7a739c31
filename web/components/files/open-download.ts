/**
 * Follows a download link (one the server answers with Content-Disposition: attachment, so the
 * page stays where it is). Its own module so tests can watch it: jsdom cannot navigate.
 */
export function openDownload(url: string): void {
  window.location.assign(url);
}
