import { Readable } from "node:stream";
import type { Hono } from "hono";
import { FILE_ROUTE_PREFIX, downloadFileRoute } from "#common/contracts/files";
import type { AppEnv } from "#server/lib/app-context";
import { AppError } from "#server/lib/app-error";
import { bindRoute } from "#server/lib/bind-route";
import type { RouteGuard } from "#server/lib/route-guard";
import { chooseContentDisposition } from "./download-name.ts";
import type { Storage } from "./storage.ts";

export interface FileRouteDeps {
  storage: Storage;
}

/**
 * GET /api/files/<key>: the local driver's signed links. The file streams only while the link is
 * unexpired and unaltered; the signature is checked before the file is looked up, so a forged
 * link cannot tell whether a key exists.
 */
export function registerFileRoutes(router: Hono<AppEnv>, guard: RouteGuard, deps: FileRouteDeps) {
  bindRoute(router, downloadFileRoute, guard, async ({ c, query }) => {
    const key = c.req.path.slice(FILE_ROUTE_PREFIX.length);
    const link = deps.storage.checkSignedUrl(key, query);
    if (link.status === "expired") throw new AppError("forbidden", "This link has expired");
    if (link.status === "invalid") throw new AppError("forbidden", "This link is not valid");

    const stored = await deps.storage.get(key);
    if (!stored) throw new AppError("not_found", "This file no longer exists");
    const headers: Record<string, string> = {
      "content-type": stored.contentType,
      "content-length": String(stored.size),
      "x-content-type-options": "nosniff",
      // Never cached past the link's own expiry.
      "cache-control": `private, max-age=${link.remainingSeconds}`,
    };
    const disposition = chooseContentDisposition(stored.contentType, link.downloadName);
    if (disposition) headers["content-disposition"] = disposition;
    if (c.req.method === "HEAD") {
      stored.body.destroy(); // closes the file: a HEAD answer has no body to drain it
      return c.body(null, 200, headers);
    }
    return c.body(Readable.toWeb(stored.body) as ReadableStream<Uint8Array>, 200, headers);
  });
}
