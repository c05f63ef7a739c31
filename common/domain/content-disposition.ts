/**
 * The file name a `Content-Disposition` header offers: RFC 6266's `filename*` (UTF-8,
 * percent-encoded) when present and readable, else `filename` (quoted or a bare token); null when
 * it names none. Path separators are not trusted: only the last segment is kept.
 */
export function readDispositionFileName(header: string | null | undefined): string | null {
  if (!header) return null;
  const extended = /(?:^|;)\s*filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header)?.[1];
  if (extended) {
    try {
      return lastSegment(decodeURIComponent(extended.trim()));
    } catch {
      // A malformed encoding: the plain filename below, if any.
    }
  }
  const quoted = /(?:^|;)\s*filename\s*=\s*"((?:[^"\\]|\\.)*)"/i.exec(header)?.[1];
  if (quoted !== undefined) return lastSegment(quoted.replace(/\\(.)/g, "$1"));
  const token = /(?:^|;)\s*filename\s*=\s*([^;\s]+)/i.exec(header)?.[1];
  return token ? lastSegment(token) : null;
}

function lastSegment(name: string): string | null {
  const segment = name.split(/[/\\]/).pop()?.trim() ?? "";
  return segment === "" || segment === "." || segment === ".." ? null : segment;
}
