import { afterEach, beforeEach, vi } from "vitest";

/**
 * Test-only: records the downloads a page starts, watched where the page hands them to the
 * browser (a link's `click()`, an object URL for a Blob) rather than by replacing our modules,
 * so a file that uses it shares the loaded modules with the others. jsdom cannot download (a
 * followed link makes it log a navigation error): while recording, a link's `click()` follows
 * nothing. Call once at the top of a test file:
 *
 *   const downloads = recordDownloadsForEachTest();
 *   expect(downloads).toEqual([{ href: "/api/files/x", fileName: null, blob: null }]);
 */

/** A link the page followed by calling its `click()`. */
export interface RecordedDownload {
  /** The link's href as the page wrote it (a relative link stays relative). */
  href: string;
  /** The name it asked the file to be saved as (the link's `download`); null: the server names it. */
  fileName: string | null;
  /** The Blob behind the link when it is an object URL the page made; null for a link to the server. */
  blob: Blob | null;
}

/**
 * Starts recording into `downloads` (emptied first); answers the undo, which puts back `click()`
 * and the object URL functions.
 */
export function recordDownloads(downloads: RecordedDownload[]): () => void {
  downloads.length = 0;
  const blobs = new Map<string, Blob>();
  let made = 0;
  const spies = [
    vi.spyOn(URL, "createObjectURL").mockImplementation((object: Blob | MediaSource) => {
      made += 1;
      const url = `blob:${window.location.origin}/download-${made}`;
      // Not `instanceof Blob`: a Blob read from fetch is Node's, not jsdom's. Downloads pass no MediaSource.
      blobs.set(url, object as Blob);
      return url;
    }),
    // The fake URLs were never registered with the real registry.
    vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => undefined),
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function record(this: HTMLAnchorElement) {
      downloads.push({ href: this.getAttribute("href") ?? "", fileName: this.getAttribute("download"), blob: blobs.get(this.href) ?? null });
    }),
  ];
  return () => {
    for (const spy of spies) spy.mockRestore();
  };
}

/**
 * Records downloads during every test of the file and puts the browser functions back after each
 * (files of the shared project run in one page). Returns the record, emptied before each test.
 */
export function recordDownloadsForEachTest(): readonly RecordedDownload[] {
  const downloads: RecordedDownload[] = [];
  let undo: (() => void) | null = null;
  beforeEach(() => {
    undo = recordDownloads(downloads);
  });
  afterEach(() => {
    undo?.();
    undo = null;
  });
  return downloads;
}
