import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import type { Hono, MiddlewareHandler } from "hono";
import type { AppEnv } from "./app-context.ts";

/** The optional prefix the portal answers under besides "/" (spec §2). */
export const BASE_PATH = "/MemberPortal";

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
    rewriteRequestPath: (requestPath) => requestPath.replace(/^\/MemberPortal(?=\/)/, ""),
    onFound: (_path, c) => {
      c.header("cache-control", "public, max-age=31536000, immutable");
    },
  });
  router.get("/assets/*", assets);
  router.get(`${BASE_PATH}/assets/*`, assets);

  const spa = (prefix: string): MiddlewareHandler<AppEnv> => async (c, next) => {
    // Unknown API paths get the JSON not-found answer, never the web app.
    if (c.req.path.startsWith("/api/")) return next();
    c.header("cache-control", "no-cache");
    return c.html(await renderIndex(prefix));
  };
  router.get(BASE_PATH, spa(BASE_PATH));
  router.get(`${BASE_PATH}/*`, spa(BASE_PATH));
  router.get("/*", async (c, next) => {
    // Top-level static files of the build (favicon and the like), then the app itself.
    if (/^\/[\w.-]+\.(ico|png|svg|txt|webmanifest)$/.test(c.req.path)) return serveStatic<AppEnv>({ root })(c, next);
    return next();
  });
  router.get("/*", spa(""));
  return true;
}
