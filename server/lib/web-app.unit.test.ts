import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppEnv } from "./app-context.ts";
import { handleError } from "./error-handler.ts";
import { pickContentCoding, registerWebApp } from "./web-app.ts";

// A build as vite.config.ts writes it: hashed assets with .br and .gz copies beside them.
const SCRIPT = `export const greeting = "${"hello ".repeat(200)}";`;
const INDEX = '<!doctype html><html><head><script type="module" src="./assets/index-Ab12Cd34.js"></script></head></html>';
let distDir = "";
let app: Hono<AppEnv>;

beforeAll(() => {
  distDir = mkdtempSync(path.join(tmpdir(), "web-app-"));
  mkdirSync(path.join(distDir, "assets"));
  const script = path.join(distDir, "assets", "index-Ab12Cd34.js");
  writeFileSync(script, SCRIPT);
  writeFileSync(`${script}.br`, brotliCompressSync(SCRIPT));
  writeFileSync(`${script}.gz`, gzipSync(SCRIPT));
  writeFileSync(path.join(distDir, "index.html"), INDEX);
  app = new Hono<AppEnv>();
  app.onError(handleError);
  expect(registerWebApp(app, distDir)).toBe(true);
});

afterAll(() => rmSync(distDir, { recursive: true, force: true }));

const get = (requestPath: string, acceptEncoding?: string) =>
  app.request(requestPath, { headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} });

describe("the built web app", () => {
  it("sends a hashed script as its Brotli copy, cached as immutable for a year", async () => {
    const response = await get("/assets/index-Ab12Cd34.js", "gzip, deflate, br, zstd");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-encoding")).toBe("br");
    expect(response.headers.get("vary")).toContain("Accept-Encoding");
    expect(response.headers.get("content-type")).toMatch(/javascript/);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(brotliDecompressSync(Buffer.from(await response.arrayBuffer())).toString()).toBe(SCRIPT);
  });

  it("falls back to gzip, then to the file as it is, under either prefix", async () => {
    const gzipped = await get("/MemberPortal/assets/index-Ab12Cd34.js", "gzip");
    expect(gzipped.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await gzipped.arrayBuffer())).toString()).toBe(SCRIPT);
    expect(gzipped.headers.get("cache-control")).toContain("immutable");

    const plain = await get("/assets/index-Ab12Cd34.js");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toBe(SCRIPT);
    expect(plain.headers.get("cache-control")).toContain("immutable");
  });

  it("answers 404 for a hashed file the build does not hold, under either prefix", async () => {
    for (const missing of ["/assets/index-Gone1234.js", "/MemberPortal/assets/index-Gone1234.js"]) {
      const response = await get(missing, "br");
      expect(response.status).toBe(404);
      expect(response.headers.get("cache-control") ?? "").not.toContain("immutable");
      expect(await response.json()).toEqual({ error: { code: "not_found", message: "No such file in the web app's build" } });
    }
  });

  it("sends index.html compressed with the prefix's asset paths and revalidated, never immutable", async () => {
    const root = await get("/dashboard", "br");
    expect(root.headers.get("content-encoding")).toBe("br");
    expect(root.headers.get("content-type")).toMatch(/^text\/html/);
    expect(root.headers.get("cache-control")).toBe("no-cache");
    expect(brotliDecompressSync(Buffer.from(await root.arrayBuffer())).toString()).toContain('src="/assets/index-Ab12Cd34.js"');

    const prefixed = await get("/MemberPortal/milestone/1", "gzip");
    expect(prefixed.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await prefixed.arrayBuffer())).toString()).toContain('src="/MemberPortal/assets/index-Ab12Cd34.js"');

    const plain = await get("/auth");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toContain('src="/assets/index-Ab12Cd34.js"');
  });
});

describe("pickContentCoding", () => {
  it("prefers Brotli, then gzip, and skips codings refused with q=0", () => {
    expect(pickContentCoding("gzip, deflate, br")).toBe("br");
    expect(pickContentCoding("gzip;q=1.0, br;q=0")).toBe("gzip");
    expect(pickContentCoding("identity")).toBeUndefined();
    expect(pickContentCoding(undefined)).toBeUndefined();
  });
});
