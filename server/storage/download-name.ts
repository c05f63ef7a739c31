const MAX_NAME_LENGTH = 200;
const FALLBACK_NAME = "download";

/**
 * A user's file name made safe to offer as a download name: no control or bidirectional-override
 * characters, no path separators, no lone surrogates, at most 200 characters.
 */
export function cleanDownloadName(name: string): string {
  const cleaned = name
    // With the u flag a surrogate range matches lone halves only, never a well-formed pair.
    .replace(/[\ud800-\udfff]/gu, "")
    .replace(/[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu, "")
    .replace(/[/\\]/g, "_")
    .trim();
  const short = Array.from(cleaned).slice(0, MAX_NAME_LENGTH).join("");
  return short === "" || short === "." || short === ".." ? FALLBACK_NAME : short;
}

/** RFC 5987 encoding: encodeURIComponent leaves ' ( ) * alone, which attr-char does not allow. */
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** An ASCII stand-in for clients that ignore filename*: accents dropped, anything else "_". */
function asciiFallback(value: string): string {
  return value
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .replace(/[^\x20-\x7e]|["\\%;]/g, "_");
}

/** `Content-Disposition: attachment` offering the cleaned name, plain ASCII only (a safe header value). */
export function buildContentDisposition(name: string): string {
  const cleaned = cleanDownloadName(name);
  return `attachment; filename="${asciiFallback(cleaned)}"; filename*=UTF-8''${encodeRfc5987(cleaned)}`;
}

/** Types a browser may show in place; anything else (HTML, SVG, XML…) is only ever downloaded. */
const INLINE_TYPES = /^(?:image\/(?:png|jpeg|gif|webp|avif)|video\/(?:mp4|webm|quicktime)|audio\/[\w.+-]+|application\/pdf|text\/plain)$/;

/** The Content-Disposition of a served file: the download name when the link names one. */
export function chooseContentDisposition(contentType: string, downloadName: string | undefined): string | undefined {
  if (downloadName) return buildContentDisposition(downloadName);
  return INLINE_TYPES.test(contentType) ? undefined : "attachment";
}
