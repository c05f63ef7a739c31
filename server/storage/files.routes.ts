import { Readable } from "node:stream";
import type { Hono } from "hono";
import { FILE_ROUTE_PREFIX, downloadFileRoute } from "#common/contracts/files";
import type { AppEnv } from "#server/lib/app-context";
import { AppError } from "#server/lib/app-error";
import { bindRoute } from "#server/lib/bind-route";
import type { RouteGuard } from "#server/lib/route-guard";
import { parseByteRange } from "./byte-range.ts";
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

    const whole = await deps.storage.get(key);
    if (!whole) throw new AppError("not_found", "This file no longer exists");
    // A video seeks with Range requests: one range is answered 206 with those bytes.
    const range = c.req.method === "GET" ? parseByteRange(c.req.header("range"), whole.size) : null;
    if (range === "unsatisfiable") {
      whole.body.destroy();
      c.header("content-range", `bytes */${whole.size}`);
      throw new AppError("range_not_satisfiable", `The file has ${whole.size} bytes`);
    }
    let stored = whole;
    if (range) {
      whole.body.destroy(); // reopened for the range only
      const part = await deps.storage.get(key, range);
      if (!part) throw new AppError("not_found", "This file no longer exists");
      stored = part;
    }
    const headers: Record<string, string> = {
      "content-type": stored.contentType,
      "content-length": String(range ? range.end - range.start + 1 : stored.size),
      "accept-ranges": "bytes",
      "x-content-type-options": "nosniff",
      // Never cached past the link's own expiry.
      "cache-control": `private, max-age=${link.remainingSeconds}`,
    };
    if (range) headers["content-range"] = `bytes ${range.start}-${range.end}/${stored.size}`;
    const disposition = chooseContentDisposition(stored.contentType, link.downloadName);
    if (disposition) headers["content-disposition"] = disposition;
    if (c.req.method === "HEAD") {
      stored.body.destroy(); // closes the file: a HEAD answer has no body to drain it
      return c.body(null, 200, headers);
    }
    return c.body(Readable.toWeb(stored.body) as ReadableStream<Uint8Array>, range ? 206 : 200, headers);
  });
}
