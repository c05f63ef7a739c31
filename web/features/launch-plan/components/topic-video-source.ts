/** What a video topic's URL can be shown as: a file the browser plays, a provider's player, or only a link. */
export type VideoSource =
  | { kind: "file"; url: string }
  | { kind: "embed"; provider: "YouTube" | "Vimeo"; embedUrl: string; url: string }
  | { kind: "link"; url: string }
  | { kind: "none" };

const FILE_EXTENSION = /\.(mp4|webm)$/i;
const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const YOUTUBE_HOSTS = new Set(["youtube.com", "m.youtube.com", "music.youtube.com", "youtube-nocookie.com"]);
const VIMEO_ID = /^\d{1,12}$/;
const VIMEO_HASH = /^[0-9a-f]{6,20}$/i;
// Relative addresses resolve against a base of our own so they can be read, never shown.
const BASE = "https://portal.invalid";

function hostOf(url: URL): string {
  return url.hostname.toLowerCase().replace(/^www\./, "");
}

function youtubeId(url: URL): string | null {
  const host = hostOf(url);
  const [first, second] = url.pathname.split("/").filter(Boolean);
  let id: string | null | undefined = null;
  if (host === "youtu.be") id = first;
  else if (YOUTUBE_HOSTS.has(host)) id = first === "watch" ? url.searchParams.get("v") : first && ["embed", "shorts", "live", "v"].includes(first) ? second : null;
  return id && YOUTUBE_ID.test(id) ? id : null;
}

/** A start time given as seconds ("90", "90s"); other forms are left to the viewer. */
function startSeconds(url: URL): number | null {
  const raw = url.searchParams.get("t") ?? url.searchParams.get("start");
  const match = raw ? /^(\d{1,6})s?$/.exec(raw) : null;
  return match ? Number(match[1]) : null;
}

function vimeoEmbed(url: URL): string | null {
  const host = hostOf(url);
  const parts = url.pathname.split("/").filter(Boolean);
  let id: string | undefined;
  let hash: string | undefined | null;
  if (host === "vimeo.com") [id, hash] = parts;
  else if (host === "player.vimeo.com" && parts[0] === "video") [, id] = parts;
  if (!id || !VIMEO_ID.test(id)) return null;
  hash ??= url.searchParams.get("h");
  const embed = new URL(`https://player.vimeo.com/video/${id}`);
  embed.searchParams.set("dnt", "1");
  if (hash && VIMEO_HASH.test(hash)) embed.searchParams.set("h", hash);
  return embed.toString();
}

/**
 * Reads a video topic's URL: an .mp4 or .webm file plays in the page; a YouTube link plays in
 * YouTube's privacy-enhanced player (youtube-nocookie.com) and a Vimeo link in Vimeo's, without
 * tracking; any other web address is only linked. Anything but http(s) or a path is not shown.
 */
export function classifyVideoUrl(raw: string | null): VideoSource {
  const text = raw?.trim() ?? "";
  if (text === "") return { kind: "none" };
  let url: URL;
  try {
    url = new URL(text, BASE);
  } catch {
    return { kind: "none" };
  }
  const relative = url.origin === BASE;
  if (!relative && url.protocol !== "https:" && url.protocol !== "http:") return { kind: "none" };
  if (relative && !text.startsWith("/")) return { kind: "none" };
  if (FILE_EXTENSION.test(url.pathname)) return { kind: "file", url: text };
  if (!relative) {
    const id = youtubeId(url);
    if (id) {
      const embed = new URL(`https://www.youtube-nocookie.com/embed/${id}`);
      const start = startSeconds(url);
      if (start) embed.searchParams.set("start", String(start));
      return { kind: "embed", provider: "YouTube", embedUrl: embed.toString(), url: text };
    }
    const vimeo = vimeoEmbed(url);
    if (vimeo) return { kind: "embed", provider: "Vimeo", embedUrl: vimeo, url: text };
  }
  return { kind: "link", url: text };
}
