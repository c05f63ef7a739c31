import { describe, expect, it } from "vitest";
import { buildSignInPath, toSafeRedirectTarget } from "./redirect-target.ts";

describe("toSafeRedirectTarget", () => {
  it.each(["/company?tab=a", "/", "/company", "/authority", "/company#section"])("keeps the same-site path %j", (path) => {
    expect(toSafeRedirectTarget(path)).toBe(path);
  });

  it.each([
    ["an absolute URL", "https://evil.example"],
    ["a protocol-relative URL", "//evil.example"],
    ["a backslash trick", "/\\evil"],
    ["a javascript: URL", "javascript:alert(1)"],
    ["a relative path", "company"],
    ["a control character", "/company\n//evil.example"],
    ["a tab", "/\t/evil.example"],
    ["the sign-in page itself", "/auth"],
    ["the sign-in page with a redirect", "/auth?redirectTo=/x"],
    ["a page under /auth", "/auth/callback"],
    ["an empty string", ""],
  ])("refuses %s", (_label, candidate) => {
    expect(toSafeRedirectTarget(candidate)).toBe("/");
  });

  it("answers / for null and undefined", () => {
    expect(toSafeRedirectTarget(null)).toBe("/");
    expect(toSafeRedirectTarget(undefined)).toBe("/");
  });
});

describe("buildSignInPath", () => {
  it("encodes the path to return to", () => {
    expect(buildSignInPath("/company?x=1")).toBe("/auth?redirectTo=%2Fcompany%3Fx%3D1");
  });

  it("leaves out a redirect to the home page or an unsafe target", () => {
    expect(buildSignInPath("/")).toBe("/auth");
    expect(buildSignInPath("//evil.example")).toBe("/auth");
    expect(buildSignInPath("/auth?redirectTo=/x")).toBe("/auth");
  });
});
