import { describe, expect, it } from "vitest";
import { describeBrowser } from "./describe-browser.ts";

describe("describeBrowser", () => {
  it.each([
    ["Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36", "Chrome 131 on Windows 10"],
    ["Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15", "Safari 17 on macOS Catalina"],
    ["Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0", "Firefox 128 on Linux"],
    ["Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1", "Safari 17 on iOS 17.5"],
  ])("reads %s", (userAgent, expected) => {
    expect(describeBrowser(userAgent)).toBe(expected);
  });

  it("answers null for what names no browser", () => {
    expect(describeBrowser("")).toBeNull();
    expect(describeBrowser("   ")).toBeNull();
    expect(describeBrowser("not a browser at all")).toBeNull();
  });
});
