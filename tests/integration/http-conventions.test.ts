import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORGANIZATION_HEADER } from "#common/contracts/http";
import { routeRegistry } from "#common/contracts/registry";
import { MAX_JSON_BODY_BYTES } from "#server/app";
import type { Runtime } from "#server/runtime";
import { type CallOptions, type TestUser, buildMemberOrganization, call, randomIp } from "#tests/factories";
import { createTestRuntime } from "#tests/test-runtime";

const METRICS_TOKEN = "metrics-token-for-the-tests-0123456789";

let runtime: Runtime;
beforeAll(async () => {
  runtime = await createTestRuntime({ METRICS_TOKEN });
});
afterAll(async () => {
  await runtime.close();
});

/** A stack frame ("at fn (/path/file.ts:1:2)") or SQL text: neither may ever reach a client. */
const STACK_TRACE = /\bat (?:.*\()?(?:file:\/\/)?\/?[\w.-]+(?:\/[\w.@-]+)+\.(?:ts|js|mjs|cjs)\b/;
const SQL_TEXT =
  /\b(?:select\s+[\w"*.,\s]{1,200}?\s+from\s+"?\w+|insert\s+into|update\s+"?\w+"?\s+set|delete\s+from|failed query)\b|duplicate key value|violates \w+ constraint/i;

interface Answer {
  response: Response;
  text: string;
}

/** Calls the app like call() does, reads the body, and checks it leaks no internals. */
async function send(path: string, options: CallOptions = {}): Promise<Answer> {
  return read(await call(runtime, path, options));
}

async function read(response: Response): Promise<Answer> {
  const text = await response.text();
  expect(text, "a stack trace reached the client").not.toMatch(STACK_TRACE);
  expect(text, "SQL text reached the client").not.toMatch(SQL_TEXT);
  return { response, text };
}

function expectSecurityHeaders(response: Response) {
  const policy = response.headers.get("content-security-policy") ?? "";
  expect(policy).toContain("frame-ancestors 'none'");
  expect(policy).toContain("script-src 'self'");
  // Launch-plan videos: https media and the two video services' players; the portal's own files (library previews).
  expect(policy).toContain("media-src 'self' blob: https:");
  expect(policy).toContain("frame-src 'self' https://www.youtube-nocookie.com https://player.vimeo.com");
  expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  expect(response.headers.get("referrer-policy")).toBeTruthy();
}

function expectErrorBody(text: string, code: string) {
  const body = JSON.parse(text);
  expect(body).toEqual({ error: expect.objectContaining({ code, message: expect.any(String) }) });
  expect(body.error.message.length).toBeGreaterThan(0);
}

async function organizationName(member: TestUser): Promise<string> {
  const { text } = await send("/api/organization", { as: member });
  return JSON.parse(text).organization_name;
}

describe("security headers", () => {
  it("are on a 200, a 401, a 404 and a 400", async () => {
    const { member } = await buildMemberOrganization(runtime);
    const ok = await send("/healthz");
    expect(ok.response.status).toBe(200);
    expectSecurityHeaders(ok.response);

    const unauthenticated = await send("/api/me");
    expect(unauthenticated.response.status).toBe(401);
    expectErrorBody(unauthenticated.text, "unauthenticated");
    expectSecurityHeaders(unauthenticated.response);

    const missing = await send("/api/no-such-thing");
    expect(missing.response.status).toBe(404);
    expectErrorBody(missing.text, "not_found");
    expectSecurityHeaders(missing.response);

    const invalid = await send("/api/organization", { method: "PATCH", as: member, body: { organization_name: "" } });
    expect(invalid.response.status).toBe(400);
    expectErrorBody(invalid.text, "validation_failed");
    expectSecurityHeaders(invalid.response);
  });

  it("leave out Strict-Transport-Security when PUBLIC_URL is http", async () => {
    expect((await send("/healthz")).response.headers.get("strict-transport-security")).toBeNull();
  });
});

describe("a portal at an https address, without METRICS_TOKEN", () => {
  let httpsRuntime: Runtime;
  beforeAll(async () => {
    httpsRuntime = await createTestRuntime({ PUBLIC_URL: "https://portal.example.test" });
  });
  afterAll(async () => {
    await httpsRuntime.close();
  });

  it("sends Strict-Transport-Security", async () => {
    const answer = await httpsRuntime.app.request("/healthz");
    expect(answer.headers.get("strict-transport-security")).toMatch(/^max-age=31536000\b/);
  });

  it("does not serve /metrics, whatever the Authorization", async () => {
    for (const headers of [{}, { authorization: `Bearer ${METRICS_TOKEN}` }] as Record<string, string>[]) {
      const answer = await read(await httpsRuntime.app.request("/metrics", { headers }));
      expect(answer.response.status).toBe(404);
      expectErrorBody(answer.text, "not_found");
    }
  });
});

describe("cross-origin writes", () => {
  it("refuses a PATCH from another origin and changes nothing", async () => {
    const { organization, member } = await buildMemberOrganization(runtime);
    const refused = await send("/api/organization", {
      method: "PATCH",
      as: member,
      headers: { origin: "http://evil.example" },
      body: { organization_name: "Renamed by evil" },
    });
    expect(refused.response.status).toBe(403);
    expectErrorBody(refused.text, "forbidden");
    expectSecurityHeaders(refused.response);
    expect(await organizationName(member)).toBe(organization.organization_name);
  });

  it("refuses a cross-site PATCH that sends no origin, and changes nothing", async () => {
    const { organization, member } = await buildMemberOrganization(runtime);
    const refused = await read(
      await runtime.app.request("/api/organization", {
        method: "PATCH",
        headers: {
          cookie: member.cookie,
          "x-forwarded-for": member.ip,
          "sec-fetch-site": "cross-site",
          "content-type": "application/json",
        },
        body: JSON.stringify({ organization_name: "Renamed cross-site" }),
      }),
    );
    expect(refused.response.status).toBe(403);
    expectErrorBody(refused.text, "forbidden");
    expect(await organizationName(member)).toBe(organization.organization_name);
  });
});

describe("request bodies", () => {
  it("refuses a body over 1 MiB with 413 and changes nothing", async () => {
    const { organization, member } = await buildMemberOrganization(runtime);
    const body = { organization_name: "x".repeat(MAX_JSON_BODY_BYTES) };
    const refused = await send("/api/organization", { method: "PATCH", as: member, body });
    expect(refused.response.status).toBe(413);
    expectErrorBody(refused.text, "payload_too_large");
    expect(await organizationName(member)).toBe(organization.organization_name);
  });

  it("refuses invalid JSON with 400", async () => {
    const { organization, member } = await buildMemberOrganization(runtime);
    const refused = await read(
      await runtime.app.request("/api/organization", {
        method: "PATCH",
        headers: { cookie: member.cookie, "x-forwarded-for": member.ip, "content-type": "application/json" },
        body: '{"organization_name": "unterminated',
      }),
    );
    expect(refused.response.status).toBe(400);
    expectErrorBody(refused.text, "bad_request");
    expect(await organizationName(member)).toBe(organization.organization_name);
  });

  it("refuses a NUL character in a value with 400 (PostgreSQL text cannot hold one)", async () => {
    const { organization, member } = await buildMemberOrganization(runtime);
    const answer = await send("/api/organization", { method: "PATCH", as: member, body: { organization_name: "nul\u0000name" } });
    expect(answer.response.status).toBe(400);
    expect(["bad_request", "validation_failed"]).toContain(JSON.parse(answer.text).error.code);
    expect(await organizationName(member)).toBe(organization.organization_name);
  });
});

describe("operations endpoints", () => {
  it("answers /healthz and /readyz", async () => {
    const health = await send("/healthz");
    expect(health.response.status).toBe(200);
    expect(JSON.parse(health.text)).toEqual({ status: "ok" });
    const ready = await send("/readyz");
    expect(ready.response.status).toBe(200);
    expect(JSON.parse(ready.text)).toEqual({ status: "ok", database: "ok" });
  });

  it("exposes Prometheus metrics with request durations to the bearer of METRICS_TOKEN", async () => {
    await send("/healthz");
    const metrics = await send("/metrics", { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(metrics.response.status).toBe(200);
    expect(metrics.response.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(metrics.text).toContain("http_request_duration_seconds");
  });

  it("refuses /metrics with 401 without the token or with another one", async () => {
    for (const authorization of [undefined, `Bearer ${METRICS_TOKEN}x`, `Bearer ${METRICS_TOKEN.slice(0, -1)}X`, `Basic ${METRICS_TOKEN}`]) {
      const refused = await send("/metrics", { headers: authorization ? { authorization } : {} });
      expect(refused.response.status).toBe(401);
      expect(refused.response.headers.get("www-authenticate")).toMatch(/^Bearer/);
      expectErrorBody(refused.text, "unauthenticated");
      expect(refused.text).not.toContain("http_request_duration_seconds");
    }
  });
});

describe("API documentation", () => {
  it("describes every registry route in an OpenAPI 3.1 document", async () => {
    const answer = await send("/api/openapi.json");
    expect(answer.response.status).toBe(200);
    const document = JSON.parse(answer.text);
    expect(document.openapi).toMatch(/^3\.1\./);
    const operationIds: string[] = [];
    for (const route of routeRegistry) {
      const path = route.path.replace(/:([A-Za-z0-9_]+)/g, "{$1}").replace(/\*$/, "{path}");
      const operation = document.paths?.[path]?.[route.method];
      expect(operation, `${route.method.toUpperCase()} ${path} (${route.id}) missing from the OpenAPI document`).toBeDefined();
      expect(operation.operationId).toBe(route.id);
    }
    for (const methods of Object.values(document.paths as Record<string, Record<string, { operationId: string }>>)) {
      for (const operation of Object.values(methods)) operationIds.push(operation.operationId);
    }
    expect(operationIds.sort()).toEqual(routeRegistry.map((route) => route.id).sort());
  });

  it("serves the docs page and its assets, and nothing else", async () => {
    const page = await send("/api/docs");
    expect(page.response.status).toBe(200);
    expect(page.response.headers.get("content-type")).toMatch(/^text\/html/);
    expect(page.text).toContain("docs/assets/swagger-ui-bundle.js");
    for (const asset of ["swagger-ui-bundle.js", "init.js"]) {
      const response = await call(runtime, `/api/docs/assets/${asset}`);
      expect(response.status, asset).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/javascript/);
      await response.body?.cancel();
    }
    for (const path of [
      "/api/docs/assets/../../package.json",
      "/api/docs/assets/..%2F..%2Fpackage.json",
      "/api/docs/assets/%2e%2e%2f%2e%2e%2fpackage.json",
      "/api/docs/assets/no-such-asset.js",
      // Names every plain object has: an asset table lookup must not find them.
      "/api/docs/assets/__proto__",
      "/api/docs/assets/constructor",
      "/api/docs/assets/toString",
    ]) {
      const answer = await send(path);
      expect(answer.response.status, path).toBe(404);
      expectErrorBody(answer.text, "not_found");
      expect(answer.text).not.toContain("member-portal");
    }
  });
});

describe("the acting-organization header", () => {
  it("answers a malformed organization id with 404, not an error", async () => {
    const { member } = await buildMemberOrganization(runtime);
    for (const org of ["not-a-uuid", "'; drop table organizations; --", "x".repeat(5000)]) {
      const answer = await read(
        await runtime.app.request("/api/organization", {
          headers: { cookie: member.cookie, "x-forwarded-for": randomIp(), [ORGANIZATION_HEADER]: org },
        }),
      );
      expect(answer.response.status).toBe(404);
      expectErrorBody(answer.text, "not_found");
    }
  });
});
