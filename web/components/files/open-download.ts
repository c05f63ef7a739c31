import { followLink } from "#web/lib/save-file.ts";

/**
 * Follows a download link (one the server answers with Content-Disposition: attachment, so the
 * page stays where it is), as a click on that link would.
 */
export function openDownload(url: string): void {
  followLink(url);
}
