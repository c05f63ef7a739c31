import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import type { Hono, MiddlewareHandler } from "hono";
import type { AppEnv } from "./app-context.ts";

/** The optional prefix the portal answers under besides "/" (spec §2). */
export const BASE_PATH = "/MemberPortal";

const stripBasePath = (requestPath: string) => requestPath.replace(/^\/MemberPortal(?=\/)/, "");
const TOP_LEVEL_FILE = /^(\/MemberPortal)?\/[\w.-]+\.(ico|png|svg|txt|webmanifest)$/;

/**
 * Serves the built web app under "/" and under /MemberPortal. The build uses relative asset
 * URLs; index.html gets them made absolute for the prefix it is served under, so that deep links
 * (/MemberPortal/milestone/1) load their scripts from the right place.
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

  const assets = serveStatic<AppEnv>({
    root,
    rewriteRequestPath: stripBasePath,
    onFound: (_path, c) => {
      // File names carry a content hash: they never change.
      c.header("cache-control", "public, max-age=31536000, immutable");
    },
  });
  router.get("/assets/*", assets);
  router.get(`${BASE_PATH}/assets/*`, assets);

  // Top-level files of the build (favicon and the like), under either prefix.
  const topLevelFiles = serveStatic<AppEnv>({ root, rewriteRequestPath: stripBasePath });
  router.get("/*", async (c, next) => (TOP_LEVEL_FILE.test(c.req.path) ? topLevelFiles(c, next) : next()));

  const spa =
    (prefix: string): MiddlewareHandler<AppEnv> =>
    async (c, next) => {
      // Unknown API paths get the JSON not-found answer, never the web app.
      if (c.req.path.startsWith("/api/")) return next();
      c.header("cache-control", "no-cache");
      return c.html(await renderIndex(prefix));
    };
  router.get(BASE_PATH, spa(BASE_PATH));
  router.get(`${BASE_PATH}/*`, spa(BASE_PATH));
  router.get("/*", spa(""));
  return true;
}
