import { spawnSync } from "node:child_process";
import path from "node:path";
import { ensureServerBuild, findStaleness } from "./build-server.ts";

// `npm start` serves dist/web and runs dist/server (decision 035): each is built first when it is
// missing or older than its sources.

const web = findStaleness(path.join("dist", "web", "index.html"), ["web", "common", "vite.config.ts", "vite-plugins", "package.json"]);
if (web) {
  process.stdout.write(web === "missing" ? "Building the web app…\n" : "The web app changed since its last build; rebuilding…\n");
  const result = spawnSync("npx", ["vite", "build", "--logLevel", "warn"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const server = await ensureServerBuild();
if (server) process.stdout.write(server === "missing" ? "Built the server.\n" : "The server changed since its last build; rebuilt it.\n");
