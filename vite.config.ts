import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// The web app lives in web/ and builds to dist/web. Relative asset URLs let the server serve one
// build under "/" and under "/MemberPortal" (it rewrites index.html for the prefix).
export default defineConfig({
  root: "web",
  base: "./",
  plugins: [react(), tailwindcss()],
  build: {
    outDir: "../dist/web",
    emptyOutDir: true,
    sourcemap: true,
    // bench/bundle-size.ts reads the manifest to add up what each page loads first.
    manifest: true,
  },
  server: {
    port: 5173,
    proxy: { "/api": "http://localhost:3000" },
  },
});
