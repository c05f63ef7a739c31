import { existsSync } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";
import type * as FontFiles from "./font-files.ts";

const ROOT = fileURLToPath(new URL("../../..", import.meta.url));

/**
 * The server's build (scripts/build-server.ts) bundles our code into dist/server/ and leaves the
 * packages in node_modules. The font files are found from the code's own location, so the
 * bundled module must still find them from dist/: bundled here the same way, beside it.
 */
describe("the font files from the server's bundle", () => {
  it("resolve and load from a bundle in dist/", async () => {
    const outdir = path.join(ROOT, "dist", `pdf-fonts-check-${process.pid}`);
    await build({
      absWorkingDir: ROOT,
      entryPoints: [fileURLToPath(new URL("./font-files.ts", import.meta.url))],
      outdir,
      bundle: true,
      format: "esm",
      platform: "node",
      target: "node20",
      packages: "external",
      logLevel: "silent",
    });
    try {
      const bundled = (await import(pathToFileURL(path.join(outdir, "font-files.js")).href)) as typeof FontFiles;
      for (const family of bundled.FONT_FAMILIES) {
        for (const weight of ["regular", "bold"] as const) expect(existsSync(bundled.fontFilePath(family, weight)), `${family.name} ${weight}`).toBe(true);
      }
      const face = await bundled.loadFontFace(bundled.PRIMARY_FAMILY, "bold");
      expect(face.font.hasGlyphForCodePoint("Ñ".codePointAt(0) ?? 0)).toBe(true);
    } finally {
      await rm(outdir, { recursive: true, force: true });
    }
  });
});
