import type { MiddlewareHandler } from "hono";
import { secureHeaders } from "hono/secure-headers";
import { FILE_ROUTE_PREFIX } from "#common/contracts/files";
import { unsubscribeRoute } from "#common/contracts/notifications";
import type { AppEnv } from "./app-context.ts";
import { errorBody } from "./error-handler.ts";

/** A year: browsers keep to https for the portal's host once they have seen it there. */
const HSTS_MAX_AGE_SECONDS = 31_536_000;

/**
 * CSP, nosniff, frame-ancestors and Referrer-Policy on every response, and Strict-Transport-Security
 * when the portal is reached over https (PUBLIC_URL). Subdomains are left out: the portal does not
 * know what else runs under its host. `fileOrigin` is the S3 bucket's origin when files are kept
 * there: the library's previews show them in place.
 */
export function securityHeaders(publicUrl: string, fileOrigin: string | null = null): MiddlewareHandler<AppEnv> {
  const https = new URL(publicUrl).protocol === "https:";
  const bucket = fileOrigin ? [fileOrigin] : [];
  const headersFor = (framedBy: "'none'" | "'self'") =>
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix positions popovers with inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // The curriculum's Markdown may show https images, and its videos play from https hosts or
        // the players of two video services (decision 037).
        imgSrc: ["'self'", "data:", "blob:", "https:", ...bucket],
        mediaSrc: ["'self'", "blob:", "https:", ...bucket],
        // The library previews PDFs and text files in a frame of their signed link (decision 039).
        frameSrc: ["'self'", ...bucket, "https://www.youtube-nocookie.com", "https://player.vimeo.com"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: [framedBy],
      },
      xFrameOptions: framedBy === "'self'" ? "SAMEORIGIN" : "DENY",
      xContentTypeOptions: "nosniff",
      referrerPolicy: "strict-origin-when-cross-origin",
      crossOriginEmbedderPolicy: false,
      crossOriginResourcePolicy: "same-origin",
      strictTransportSecurity: https ? `max-age=${HSTS_MAX_AGE_SECONDS}` : false,
    });
  const everywhere = headersFor("'none'");
  // A stored file may be framed by the portal's own pages (a preview), never by another site.
  const storedFiles = headersFor("'self'");
  return (c, next) => (c.req.path.startsWith(FILE_ROUTE_PREFIX) ? storedFiles(c, next) : everywhere(c, next));
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * The one-click unsubscribe (RFC 8058) is posted by mail clients and webmail from any origin, and
 * reads no cookie: its signed token is the whole credential, so a cross-site post can do nothing
 * that the link's holder could not do anyway.
 */
function isOneClickUnsubscribe(method: string, path: string): boolean {
  return method === unsubscribeRoute.method.toUpperCase() && path === unsubscribeRoute.path;
}

/**
 * Refuses state-changing requests sent by a browser from another site. Requests without
 * Origin and Sec-Fetch-Site come from non-browser clients, which carry no ambient cookies.
 */
export function refuseCrossOriginWrites(trustedOrigins: readonly string[], publicUrl: string): MiddlewareHandler<AppEnv> {
  const allowed = new Set(trustedOrigins);
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || isOneClickUnsubscribe(c.req.method, c.req.path)) return next();
    const origin = c.req.header("origin");
    const fetchSite = c.req.header("sec-fetch-site");
    const foreignOrigin = origin !== undefined && !allowed.has(origin);
    const foreignSite = origin === undefined && fetchSite === "cross-site";
    if (foreignOrigin) {
      // Most often the portal opened at another address of its own (127.0.0.1 for localhost, a
      // proxy's name): say which address works and which setting adds this one.
      c.get("logger").warn({ origin, trustedOrigins }, "refused a request from an origin that is not trusted");
      return c.json(errorBody("forbidden", describeRefusedOrigin(origin, publicUrl)), 403);
    }
    if (foreignSite) return c.json(errorBody("forbidden", "Cross-origin request refused"), 403);
    return next();
  };
}

/** The refusal a user reads (the sign-in form shows it): the address to use, or the setting to change. */
export function describeRefusedOrigin(origin: string, publicUrl: string): string {
  return `This portal does not accept requests from ${origin}. Open it at ${publicUrl}, or ask the operator to add ${origin} to TRUSTED_ORIGINS (or set PUBLIC_URL).`;
}
