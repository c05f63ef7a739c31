import { z } from "zod";
import type { RouteContract } from "#common/contracts/http";
import { MAX_JSON_BODY_BYTES } from "#server/app";
import { randomNestedJson } from "./nested-json.ts";
import type { Rng } from "./seeded-random.ts";

/**
 * The malformed parts the fuzz (tests/integration/fuzz.test.ts) builds its requests from: strings,
 * JSON values and bodies, header values, paths and queries. `known` ids are real ones of the fuzz's
 * world, so that some requests get past the id checks to the rules behind them.
 */

const SAMPLES = [
  "", " ", "\t\n", "null", "0", "-1", "1e309", "NaN", "true", "__proto__", "constructor", "../../package.json",
  "..\\..\\windows", "%00", "%ZZ", "' OR 1=1 --", "'; drop table organizations; --", "<script>alert(1)</script>",
  "${7*7}", "\u0000", "nul\u0000byte", "\u202eevil", "e\u0301", "👩‍👩‍👧‍👦", "日本語の名前", "\ud800", "\udfff", "\uffff",
  "\u2028\u2029", "a@b.c", "user@example.test", "8f0c2a4e-1111-4a4a-9a9a-000000000000", "x".repeat(201),
];
/** Values that break naive code: NUL (PostgreSQL text refuses it), lone surrogates, length limits, injections. */
export const HOSTILE = ["\u0000", "nul\u0000byte", "\ud800", "x".repeat(201), "", " ", "' OR 1=1 --", "<script>", "👩‍👩‍👧‍👦", "\u202eevil", "%00", "__proto__"];
export const FIELDS = ["organization_name", "email", "password", "name", "token", "newPassword", "currentPassword", "callbackURL", "image", "rememberMe", "provider", "id", "__proto__", "constructor"];
const GARBAGE = ["{", "}", "[1,", '{"a":}', "nul", "tru", "'x'", "\ufeff{}", "{}{}", "\u0000", '{"organization_name":"a\\u0000b"}', "[".repeat(50_000), '{"a":'.repeat(5_000), "1".repeat(10_000), "\\", "<xml/>", "a=1&b=%ZZ"];
export const CONTENT_TYPES = [
  "application/json", "application/json; charset=utf-8", "application/json; charset=utf-16", "text/plain",
  "application/x-www-form-urlencoded", "multipart/form-data", "multipart/form-data; boundary=--x", "application/xml",
  "application/merge-patch+json", "*/*", "garbage", "",
];
export const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "PROPFIND", "QUERY"];
const AUTH_PATHS = [
  "sign-in/email", "sign-up/email", "sign-out", "get-session", "list-sessions", "revoke-session", "revoke-sessions",
  "revoke-other-sessions", "update-user", "change-password", "change-email", "delete-user", "request-password-reset",
  "reset-password", "verify-email", "send-verification-email", "update-session", "sign-in/social", "callback/oidc", "ok", "error",
];

export function randomString(rng: Rng): string {
  switch (rng.int(5)) {
    case 0:
      return rng.pick(SAMPLES);
    case 1: // control characters, ASCII and any UTF-16 code unit (lone surrogates included)
      return Array.from({ length: rng.int(40) }, () => String.fromCharCode(rng.int(rng.pick([0x20, 0x80, 0x10000])))).join("");
    case 2:
      return rng.pick(SAMPLES).repeat(1 + rng.int(20_000));
    case 3:
      return Array.from({ length: rng.int(60) }, () => String.fromCharCode(0x20 + rng.int(0x5f))).join("");
    default:
      return `${rng.pick(SAMPLES)}${rng.int(1e6)}`;
  }
}

function randomJson(rng: Rng, depth = 0): unknown {
  switch (rng.int(depth >= 4 ? 4 : 7)) {
    case 0:
      return null;
    case 1:
      return rng.chance(0.5);
    case 2:
      return rng.pick([0, -1, 1.5, 1e308, -1e308, 2 ** 53 + 2, rng.int(1e9)]);
    case 3:
      return randomString(rng);
    case 4:
      return Array.from({ length: rng.int(6) }, () => randomJson(rng, depth + 1));
    default:
      return Object.fromEntries(
        Array.from({ length: rng.int(6) }, () => [rng.chance(0.7) ? rng.pick(FIELDS) : randomString(rng), randomJson(rng, depth + 1)]),
      );
  }
}

/** The fields a body schema names: an object's, both sides' of an intersection, or every option's of a union. */
function schemaFields(schema: unknown): string[] {
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  if (schema instanceof z.ZodUnion) return [...new Set((schema.options as unknown[]).flatMap(schemaFields))];
  if (schema instanceof z.ZodIntersection) return [...schemaFields(schema.def.left), ...schemaFields(schema.def.right)];
  return [];
}

/** The fields a route's body contract names (the auth routes: Better Auth's usual ones). */
export function bodyFields(route: RouteContract): string[] {
  const fields = schemaFields(route.body);
  return fields.length > 0 ? fields : FIELDS;
}

export function randomBody(rng: Rng, fields: readonly string[]): string {
  const roll = rng.int(100);
  if (roll < 2) return JSON.stringify({ [rng.pick(fields)]: "x".repeat(MAX_JSON_BODY_BYTES) });
  if (roll < 4) return randomNestedJson(rng);
  if (roll < 20) return rng.chance(0.5) ? rng.pick(GARBAGE) : Array.from({ length: rng.int(200) }, () => String.fromCharCode(rng.int(256))).join("");
  if (roll < 60) {
    // The right shape with hostile values: these get past the first checks.
    const value = () => (rng.chance(0.5) ? rng.pick(HOSTILE) : rng.chance(0.5) ? randomString(rng) : randomJson(rng, 3));
    return JSON.stringify(Object.fromEntries(fields.map((field) => [field, value()])));
  }
  if (roll < 80) return JSON.stringify(Object.fromEntries(FIELDS.filter(() => rng.chance(0.3)).map((field) => [field, randomJson(rng, 3)])));
  return JSON.stringify(randomJson(rng)) ?? "";
}

/** A header value fetch accepts: printable Latin-1, no NUL/CR/LF. */
export function randomHeaderValue(rng: Rng): string {
  const length = rng.chance(0.1) ? 10_000 : 1 + rng.int(60);
  return Array.from({ length }, () => String.fromCharCode(rng.chance(0.9) ? 0x21 + rng.int(0x5e) : 0xa0 + rng.int(0x60))).join("");
}

export function encode(value: string): string {
  try {
    return encodeURIComponent(value).slice(0, 2_000);
  } catch {
    return "%ZZ"; // a lone surrogate cannot be encoded; send a broken escape instead
  }
}

function randomSegment(rng: Rng, known: readonly string[]): string {
  const odd = ["..", "%2e%2e%2f%2e%2e%2fpackage.json", "%ZZ", "%00", "init.js", "a%2Fb", ".", "~", "__proto__", "constructor", "toString"];
  if (known.length > 0 && rng.chance(0.3)) return rng.pick(known);
  return rng.chance(0.5) ? encode(randomString(rng)) || "x" : rng.pick(odd);
}

/** Values a query field may well accept: a real id, an enum's value, a title or a file name, as its schema says. */
function plausibleValue(rng: Rng, schema: z.ZodType, known: readonly string[]): string {
  const inner = schema instanceof z.ZodOptional ? schema.unwrap() : schema;
  const enumValues = inner instanceof z.ZodEnum ? inner.options.map(String) : [];
  const candidates = [...enumValues, ...known, "Quarterly report", "report.pdf", "1", "0"];
  const accepted = candidates.filter((value) => schema.safeParse(value).success);
  return accepted.length > 0 ? rng.pick(accepted) : randomString(rng);
}

/**
 * The route's own query fields (title and file_name of an upload, an attachment's entity): half the
 * time each as its schema accepts (optional ones left out as often as not), so the request reaches
 * the handler behind the query's checks, raw-body streams included; otherwise present or not,
 * hostile or random.
 */
function routeQuery(rng: Rng, route: RouteContract, known: readonly string[]): string[] {
  const shape = route.query instanceof z.ZodObject ? (route.query.shape as Record<string, z.ZodType>) : {};
  // A raw body is read only after the query passes: uploads and imports get a good one more often.
  const plausible = rng.chance(route.rawBody ? 0.8 : 0.5);
  return Object.entries(shape).flatMap(([field, schema]) => {
    const optional = schema.safeParse(undefined).success;
    if (plausible ? optional && rng.chance(0.5) : rng.chance(0.15)) return [];
    const value = plausible ? plausibleValue(rng, schema, known) : rng.chance(0.5) ? rng.pick(HOSTILE) : randomString(rng);
    return [`${field}=${encode(value)}`];
  });
}

/** The route's path with its parameters filled, and a query: stray keys, the route's own fields, or both. */
export function randomPath(rng: Rng, route: RouteContract, known: readonly string[] = []): string {
  let path = route.path.replace(/:[A-Za-z0-9_]+/g, () => randomSegment(rng, known));
  if (path.endsWith("*")) path = path.slice(0, -1) + (rng.chance(0.7) ? rng.pick(AUTH_PATHS) : randomSegment(rng, known));
  const params = route.query && rng.chance(route.rawBody ? 0.9 : 0.6) ? routeQuery(rng, route, known) : [];
  if (rng.chance(0.4)) {
    const keys = ["org", "lastEventId", "token", "callbackURL", "x", "__proto__"];
    params.push(...Array.from({ length: 1 + rng.int(3) }, () => `${rng.pick(keys)}=${rng.chance(0.8) ? encode(randomString(rng)) : "%ZZ"}`));
  }
  return params.length > 0 ? `${path}?${params.join("&")}` : path;
}

/** A 1×1 PNG, so some uploads are files the library accepts. */
const TINY_PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");

/**
 * A body for a route that takes raw bytes (uploads, imports): nothing, a real small file, text,
 * random bytes (executable and archive headers among them) or a truncated image, under a content
 * type of the route's, or any.
 */
export function randomRawBody(rng: Rng, route: RouteContract): { contentType: string; body: Uint8Array<ArrayBuffer> } {
  const mediaTypes = route.rawBody?.mediaTypes ?? ["application/octet-stream"];
  const contentType = rng.chance(0.8) ? rng.pick(mediaTypes) : rng.pick(CONTENT_TYPES);
  const randomBytes = (length: number) => Uint8Array.from({ length }, () => rng.int(256));
  const headers = [[0x4d, 0x5a], [0x7f, 0x45, 0x4c, 0x46], [0x50, 0x4b, 0x03, 0x04], [0x25, 0x50, 0x44, 0x46], [0x1f, 0x8b]];
  switch (rng.int(6)) {
    case 0:
      return { contentType, body: new Uint8Array(0) };
    case 1:
      return { contentType, body: new Uint8Array(TINY_PNG) };
    case 2:
      return { contentType, body: new Uint8Array(new TextEncoder().encode(randomString(rng))) };
    case 3:
      return { contentType, body: Uint8Array.from([...rng.pick(headers), ...randomBytes(rng.int(4_000))]) };
    case 4:
      return { contentType, body: new Uint8Array(TINY_PNG.subarray(0, 1 + rng.int(TINY_PNG.length - 1))) };
    default:
      return { contentType, body: randomBytes(rng.int(70_000)) };
  }
}
