import { readFile, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants as zlibConstants, gzip } from "node:zlib";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { type Plugin, defineConfig } from "vite";
import { compileContracts } from "./vite-plugins/compile-contracts.ts";
import { leanPreloadLists } from "./vite-plugins/lean-preload-lists.ts";

const TEXT_ASSET = /\.(js|css|html|svg|json|txt|webmanifest)$/;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes a .br and a .gz copy beside every text file of the build, so the server sends them
 * compressed without compressing per request (performance bar 4). Source maps are left alone:
 * only developer tools fetch them.
 */
function precompress(): Plugin {
  let outDir = "";
  return {
    name: "member-portal:precompress",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
      const files = entries.filter((entry) => entry.isFile() && TEXT_ASSET.test(entry.name));
      await Promise.all(
        files.map(async (entry) => {
          const file = path.join(entry.parentPath, entry.name);
          const content = await readFile(file);
          const [br, gz] = await Promise.all([
            brotli(content, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
            gzipAsync(content, { level: 9 }),
          ]);
          // A file too small to gain is sent as it is.
          if (br.length < content.length) await writeFile(`${file}.br`, br);
          if (gz.length < content.length) await writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
}

// The web app lives in web/ and builds to dist/web. Relative asset URLs let the server serve one
// build under "/" and under "/MemberPortal" (it rewrites index.html for the prefix).
const preloadLists = leanPreloadLists("web/app/signed-in-routes.ts", "web/app/shell/shell-pages.ts");

export default defineConfig(({ command }) => ({
  root: "web",
  base: "./",
  plugins: [compileContracts(), react(), tailwindcss(), preloadLists.plugin, precompress()],
  resolve: {
    // React Router 7's package exports name only its development build (with its warnings and
    // checks); the production build beside it is what the browser gets (decision 028).
    alias: command === "build" ? [{ find: /^react-router$/, replacement: path.resolve("node_modules/react-router/dist/production/index.mjs") }] : [],
  },
  build: {
    outDir: "../dist/web",
    emptyOutDir: true,
    sourcemap: true,
    // Every browser the portal supports preloads modules itself: no polyfill in the entry chunk.
    modulePreload: { polyfill: false, resolveDependencies: preloadLists.resolveDependencies },
    // bench/bundle-budget.ts reads the manifest to add up what each page loads first.
    manifest: true,
    // Schemas nobody uses are dropped from a module a page needs for something else (a function,
    // a constant): building a zod schema has no side effect.
    rolldownOptions: { treeshake: { manualPureFunctions: ["z"] } },
  },
  server: {
    port: 5173,
    proxy: { "/api": "http://localhost:3000" },
  },
}));
