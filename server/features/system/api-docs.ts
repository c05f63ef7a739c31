import { readFile } from "node:fs/promises";
import path from "node:path";
import { createRequire } from "node:module";

// Resolved by path: importing the package itself would load its 1 MB bundle at start-up.
const swaggerUiDir = path.dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));

/** The few files of swagger-ui-dist the page needs, served locally so the docs work offline. */
const VENDOR_FILES: Record<string, string> = {
  "swagger-ui.css": "text/css; charset=utf-8",
  "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
};

const INIT_SCRIPT = `window.addEventListener("load", function () {
  window.SwaggerUIBundle({ url: "openapi.json", dom_id: "#api-docs", deepLinking: true });
});
`;

export const API_DOCS_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Member Portal API</title>
<link rel="stylesheet" href="docs/assets/swagger-ui.css">
</head>
<body>
<main id="api-docs"></main>
<script src="docs/assets/swagger-ui-bundle.js"></script>
<script src="docs/assets/init.js"></script>
</body>
</html>
`;

export interface DocsAsset {
  body: string | Buffer;
  contentType: string;
}

/** One of the docs page's assets, or undefined for any other name. */
export async function readDocsAsset(file: string): Promise<DocsAsset | undefined> {
  if (file === "init.js") return { body: INIT_SCRIPT, contentType: "text/javascript; charset=utf-8" };
  if (!Object.hasOwn(VENDOR_FILES, file)) return undefined;
  const contentType = VENDOR_FILES[file]!;
  return { body: await readFile(path.join(swaggerUiDir, file)), contentType };
}
