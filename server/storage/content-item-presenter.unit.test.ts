import { describe, expect, it } from "vitest";
import { thumbnailLinkSeconds } from "./content-item-presenter.ts";

describe("thumbnailLinkSeconds", () => {
  it("ends every link made in one 10-minute window at the same moment, within 3,000 to 3,600 s", () => {
    const windowStart = 1_800_000_000_000; // a multiple of 600 s
    const expiries = [0, 1_000, 299_999, 599_999].map((offset) => {
      const now = windowStart + offset;
      const seconds = thumbnailLinkSeconds(now);
      expect(seconds).toBeGreaterThanOrEqual(3001);
      expect(seconds).toBeLessThanOrEqual(3600);
      return Math.floor(now / 1000) + seconds;
    });
    expect(new Set(expiries).size).toBe(1);
    expect(thumbnailLinkSeconds(windowStart + 600_000)).toBe(3600);
  });
});
