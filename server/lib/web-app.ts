import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, gzip } from "node:zlib";
import { serveStatic } from "@hono/node-server/serve-static";
import type { Hono, MiddlewareHandler } from "hono";
import type { AppEnv } from "./app-context.ts";
import { AppError } from "./app-error.ts";

/** The optional prefix the portal answers under besides "/" (spec §2). */
export const BASE_PATH = "/MemberPortal";

const stripBasePath = (requestPath: string) => requestPath.replace(/^\/MemberPortal(?=\/)/, "");
const TOP_LEVEL_FILE = /^(\/MemberPortal)?\/[\w.-]+\.(ico|png|svg|txt|webmanifest)$/;
const compressBrotli = promisify(brotliCompress);
const compressGzip = promisify(gzip);

type ContentCoding = "br" | "gzip";

/** The coding to answer with: Brotli before gzip, either only when accepted (q above 0). */
export function pickContentCoding(acceptEncoding: string | undefined): ContentCoding | undefined {
  const accepted = new Set<string>();
  for (const part of (acceptEncoding ?? "").split(",")) {
    const [name = "", ...params] = part.split(";").map((piece) => piece.trim().toLowerCase());
    const quality = params.find((param) => param.startsWith("q="));
    if (name && !(quality && Number(quality.slice(2)) === 0)) accepted.add(name);
  }
  if (accepted.has("br")) return "br";
  if (accepted.has("gzip")) return "gzip";
  return undefined;
}

/**
 * Serves the built web app under "/" and under /MemberPortal. The build uses relative asset
 * URLs; index.html gets them made absolute for the prefix it is served under, so that deep links
 * (/MemberPortal/milestone/1) load their scripts from the right place.
 *
 * Text files are sent as the .br or .gz copy the build wrote beside them (vite.config.ts), and
 * index.html is compressed once per prefix: nothing is compressed per request.
 */
export function registerWebApp(router: Hono<AppEnv>, distDir: string): boolean {
  const indexPath = path.join(distDir, "index.html");
  if (!existsSync(indexPath)) return false;
  const root = path.resolve(distDir);
  let indexTemplate: Promise<string> | undefined;
  const renderIndex = async (prefix: string) => {
    indexTemplate ??= readFile(indexPath, "utf8");
    return (await indexTemplate).replaceAll('="./', `="${prefix}/`);
  };
  const compressedIndexes = new Map<string, Promise<Record<ContentCoding, Buffer>>>();
  const compressedIndex = (prefix: string) => {
    let compressed = compressedIndexes.get(prefix);
    if (!compressed) {
      compressed = renderIndex(prefix).then(async (html) => {
        const [br, gzip] = await Promise.all([compressBrotli(html), compressGzip(html)]);
        return { br, gzip };
      });
      compressedIndexes.set(prefix, compressed);
    }
    return compressed;
  };

  const assets = serveStatic<AppEnv>({
    root,
    rewriteRequestPath: stripBasePath,
    precompressed: true,
  });
  // File names carry a content hash: they never change. Set on the answer itself, since the
  // static handler builds its response before its onFound hook runs. A file that is not there
  // (a tab still running an older build) is a 404, never the web app in its place.
  const hashedAssets: MiddlewareHandler<AppEnv> = async (c) => {
    let missing = false;
    const response = await assets(c, async () => {
      missing = true;
    });
    if (missing || !(response instanceof Response)) throw new AppError("not_found", "No such file in the web app's build");
    response.headers.set("cache-control", "public, max-age=31536000, immutable");
    return response;
  };
  router.get("/assets/*", hashedAssets);
  router.get(`${BASE_PATH}/assets/*`, hashedAssets);

  // Top-level files of the build (favicon and the like), under either prefix.
  const topLevelFiles = serveStatic<AppEnv>({ root, rewriteRequestPath: stripBasePath, precompressed: true });
  router.get("/*", async (c, next) => (TOP_LEVEL_FILE.test(c.req.path) ? topLevelFiles(c, next) : next()));

  const spa =
    (prefix: string): MiddlewareHandler<AppEnv> =>
    async (c, next) => {
      // Unknown API paths get the JSON not-found answer, never the web app.
      if (c.req.path.startsWith("/api/")) return next();
      c.header("cache-control", "no-cache");
      c.header("vary", "Accept-Encoding", { append: true });
      const coding = pickContentCoding(c.req.header("accept-encoding"));
      if (!coding) return c.html(await renderIndex(prefix));
      const body = (await compressedIndex(prefix))[coding];
      c.header("content-encoding", coding);
      c.header("content-type", "text/html; charset=UTF-8");
      return c.body(new Uint8Array(body));
    };
  router.get(BASE_PATH, spa(BASE_PATH));
  router.get(`${BASE_PATH}/*`, spa(BASE_PATH));
  router.get("/*", spa(""));
  return true;
}
