import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Runtime } from "#server/runtime";
import { call } from "#tests/factories";
import { createTestLogger, createTestRuntime } from "#tests/test-runtime";
import { buildContentDisposition } from "./download-name.ts";
import { type Storage, buildStorageSettings, createStorage } from "./storage.ts";
import { generateStorageKey } from "./storage-keys.ts";

const SECRET = "files-route-test-secret-of-at-least-32-characters";
let runtime: Runtime;
beforeAll(async () => {
  runtime = await createTestRuntime({ BETTER_AUTH_SECRET: SECRET });
});
afterAll(async () => {
  await runtime.close();
});

/** The path and query of a signed URL, for app.request(). */
const relative = (url: string) => {
  const parsed = new URL(url, "http://portal.test");
  return `${parsed.pathname}${parsed.search}`;
};

async function storeFile(body: string | Buffer, contentType: string, downloadName?: string) {
  const key = generateStorageKey("route-test");
  await runtime.storage.put(key, Buffer.from(body), contentType);
  return { key, link: relative(await runtime.storage.createSignedUrl(key, { downloadName })) };
}

async function expectRefusal(response: Response, status: number, code: string, message: string) {
  expect(response.status).toBe(status);
  expect(await response.json()).toEqual({ error: { code, message } });
}

describe("GET /api/files/<key> (signed links of the local driver)", () => {
  it("streams the file with its stored type, nosniff, the download name and a cache bounded by the expiry", async () => {
    const { link } = await storeFile("%PDF-1.7 the contract", "application/pdf", "NDA – Acme.pdf");
    const response = await call(runtime, link);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("%PDF-1.7 the contract");
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-length")).toBe("21");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("content-disposition")).toBe("attachment; filename=\"NDA _ Acme.pdf\"; filename*=UTF-8''NDA%20%E2%80%93%20Acme.pdf");
    const maxAge = Number(/^private, max-age=(\d+)$/.exec(response.headers.get("cache-control") ?? "")?.[1]);
    expect(maxAge).toBeGreaterThan(3500);
    expect(maxAge).toBeLessThanOrEqual(3600);
  });

  it("works without a session: the link is the credential", async () => {
    const { link } = await storeFile("plain words", "text/plain");
    const response = await runtime.app.request(link);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toBeNull();
    expect(await response.text()).toBe("plain words");
  });

  it("may be framed by the portal's own pages (a library preview), never by another site", async () => {
    const { link } = await storeFile("%PDF-1.7 framed", "application/pdf");
    const response = await runtime.app.request(link);
    expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'self'");
    expect(response.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    const page = await runtime.app.request("/api/organization");
    expect(page.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(page.headers.get("x-frame-options")).toBe("DENY");
  });

  it("answers HEAD with the headers only", async () => {
    const { link } = await storeFile("head only", "text/plain");
    const response = await call(runtime, link, { method: "HEAD" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-length")).toBe("9");
    expect(await response.text()).toBe("");
  });

  it("answers a Range request with those bytes (206), so a video can seek; a range past the end is 416", async () => {
    const body = Buffer.from(Array.from({ length: 1000 }, (_, index) => index % 256));
    const { link } = await storeFile(body, "video/webm");
    const whole = await call(runtime, link);
    expect(whole.headers.get("accept-ranges")).toBe("bytes");
    expect(Buffer.from(await whole.arrayBuffer()).equals(body)).toBe(true);

    const ranged = await call(runtime, link, { headers: { range: "bytes=100-199" } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get("content-range")).toBe("bytes 100-199/1000");
    expect(ranged.headers.get("content-length")).toBe("100");
    expect(Buffer.from(await ranged.arrayBuffer()).equals(body.subarray(100, 200))).toBe(true);

    const tail = await call(runtime, link, { headers: { range: "bytes=-10" } });
    expect(tail.status).toBe(206);
    expect(tail.headers.get("content-range")).toBe("bytes 990-999/1000");
    expect(Buffer.from(await tail.arrayBuffer()).equals(body.subarray(990))).toBe(true);

    const past = await call(runtime, link, { headers: { range: "bytes=1000-" } });
    expect(past.headers.get("content-range")).toBe("bytes */1000");
    await expectRefusal(past, 416, "range_not_satisfiable", "The file has 1000 bytes");
    // Several ranges are not served one by one: the whole file comes back.
    const several = await call(runtime, link, { headers: { range: "bytes=0-1,5-9" } });
    expect(several.status).toBe(200);
    expect((await several.arrayBuffer()).byteLength).toBe(1000);
  });

  it("offers types a browser should not render in place only as downloads", async () => {
    const { link } = await storeFile("<?xml version=\"1.0\"?><svg/>", "application/xml");
    expect((await call(runtime, link)).headers.get("content-disposition")).toBe("attachment");
  });

  it("refuses an expired link with 403", async () => {
    const key = generateStorageKey("route-test");
    await runtime.storage.put(key, Buffer.from("old"), "text/plain");
    const earlier: Storage = createStorage(
      { ...buildStorageSettings(runtime.config, SECRET), now: () => Date.now() - 2 * 3600_000 },
      createTestLogger(),
    );
    await expectRefusal(await call(runtime, relative(await earlier.createSignedUrl(key))), 403, "forbidden", "This link has expired");
  });

  it("refuses a link whose key, expiry, name or signature was altered with 403, and signals nothing about the key", async () => {
    const { link } = await storeFile("secret plans", "text/plain", "plans.txt");
    const other = await storeFile("other", "text/plain", "plans.txt");
    const url = new URL(link, "http://portal.test");
    const query = url.searchParams;
    const with_ = (name: string, value: string | null) => {
      const copy = new URLSearchParams(query);
      if (value === null) copy.delete(name);
      else copy.set(name, value);
      return `${url.pathname}?${copy.toString()}`;
    };
    const signature = query.get("signature") ?? "";
    const altered = [
      `${new URL(other.link, "http://portal.test").pathname}${url.search}`,
      with_("expires", String(Number(query.get("expires")) + 86_400)),
      with_("name", "plans.exe"),
      with_("name", null),
      with_("signature", `${signature[0] === "A" ? "B" : "A"}${signature.slice(1)}`),
      `/api/files/route-test/00000000-0000-0000-0000-000000000000${url.search}`,
      `/api/files/..%2F..%2Fpackage.json${url.search}`,
      `/api/files/${url.search}`,
    ];
    for (const path of altered) await expectRefusal(await call(runtime, path), 403, "forbidden", "This link is not valid");
  });

  it("answers 400 when the link lacks its expiry or signature", async () => {
    const response = await call(runtime, "/api/files/route-test/x");
    expect(response.status).toBe(400);
    expect((await response.json()).error.code).toBe("validation_failed");
  });

  it("answers 404 once the file is gone", async () => {
    const { key, link } = await storeFile("short-lived", "text/plain");
    await runtime.storage.remove(key);
    await expectRefusal(await call(runtime, link), 404, "not_found", "This file no longer exists");
  });
});

describe("download names", () => {
  it.each([
    ["report.pdf", "attachment; filename=\"report.pdf\"; filename*=UTF-8''report.pdf"],
    ["Résumé \"final\" (v2).pdf", "attachment; filename=\"Resume _final_ (v2).pdf\"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%22final%22%20%28v2%29.pdf"],
    ["../../etc/passwd", "attachment; filename=\".._.._etc_passwd\"; filename*=UTF-8''.._.._etc_passwd"],
    ["a\r\nSet-Cookie: x=1;.txt", "attachment; filename=\"aSet-Cookie: x=1_.txt\"; filename*=UTF-8''aSet-Cookie%3A%20x%3D1%3B.txt"],
    ["evil\u202etxt.exe", "attachment; filename=\"eviltxt.exe\"; filename*=UTF-8''eviltxt.exe"],
    ["日本語.txt", "attachment; filename=\"___.txt\"; filename*=UTF-8''%E6%97%A5%E6%9C%AC%E8%AA%9E.txt"],
    ["it's 100%*.txt", "attachment; filename=\"it's 100_*.txt\"; filename*=UTF-8''it%27s%20100%25%2A.txt"],
    ["lone \ud800 surrogate", "attachment; filename=\"lone  surrogate\"; filename*=UTF-8''lone%20%20surrogate"],
    ["  ", "attachment; filename=\"download\"; filename*=UTF-8''download"],
  ])("%j is offered safely", (name, expected) => {
    const header = buildContentDisposition(name);
    expect(header).toBe(expected);
    expect(header).toMatch(/^[\x20-\x7e]+$/);
  });
});
