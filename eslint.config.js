import { readdirSync } from "node:fs";
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const featureDirs = (root) =>
  readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

const sideBoundaries = {
  common: [
    { regex: "^#(server|web|tests)/", message: "common/ runs on both sides and imports neither." },
    { group: ["node:*", "drizzle-orm", "drizzle-orm/*", "react", "react-*", "hono", "hono/*"], message: "common/ holds no node, DOM, drizzle or framework code." },
    { group: ["../../server/*", "../../web/*", "../server/*", "../web/*"], message: "common/ imports neither side." },
  ],
  server: [
    { regex: "^#web/", message: "The server never imports the web app." },
    { group: ["**/web/*"], message: "The server never imports the web app." },
  ],
  web: [
    { regex: "^#server/", message: "The web app never imports the server." },
    { group: ["**/server/*"], message: "The web app never imports the server." },
    { group: ["node:*", "drizzle-orm", "drizzle-orm/*"], message: "The web app runs in the browser." },
  ],
};

// Zones inside a side. Each is a list of no-restricted-imports patterns added to the side's own.
const zones = {
  // web/app composes the features (router, shell, pages made of several features); a feature that
  // reached back into it would close a circle through the lazy routes.
  webFeatureToApp: [
    { regex: "^#web/app/", message: "A web feature never imports web/app: let the app pass what it needs, or move the piece to web/lib/ or common/." },
  ],
  // Shared web machinery serves every feature and knows none of them.
  sharedWebToFeature: [
    { regex: "^#web/features/", message: "web/lib and web/components never import a feature: move the shared piece to web/lib/ or common/." },
    { regex: "^(\\.\\.?/)+features/", message: "web/lib and web/components never import a feature." },
  ],
  drizzle: [
    { group: ["drizzle-orm", "drizzle-orm/*"], message: "Drizzle and SQL live in *.queries.ts files (and the database plumbing): call a query function." },
  ],
};

/**
 * Server files where Drizzle and SQL may appear besides *.queries.ts (decision 026). Each entry
 * says why; anything else calls a query function.
 */
const drizzleAllowed = [
  "server/**/*.queries.ts",
  // Tests set up and check rows directly.
  "server/**/*.test.ts",
  // The database plumbing: connections, migrations and the schema.
  "server/db/{database,open-database,open-pglite,open-postgres,migrate}.ts",
  "server/db/schema/**",
  // Reads Drizzle's error class only, to report a failed command without its SQL.
  "server/cli/run-portal-cli.ts",
];

const restrictImports = (patterns) => ({ "no-restricted-imports": ["error", { patterns }] });

/**
 * The import rules of one side. ESLint's flat config does not merge a rule's options: the last
 * config object matching a file replaces the earlier ones. So every object below carries the
 * complete pattern list for its files, and the narrower objects come after the broader ones.
 */
function importBoundaries(side) {
  const features = featureDirs(`${side}/features`);
  const featurePatterns = (feature) => [
    {
      regex: `^#${side}/features/(?!${feature}/)`,
      message: "Features never import each other: move the shared piece to lib/ or common/.",
    },
    { group: ["../*"], message: "Outside its own folder a feature imports through the # aliases." },
    ...sideBoundaries[side],
    ...(side === "web" ? zones.webFeatureToApp : []),
  ];
  const configs = [
    { files: [`${side}/**/*.{ts,tsx}`], rules: restrictImports(sideBoundaries[side]) },
    ...features.map((feature) => ({ files: [`${side}/features/${feature}/**/*.{ts,tsx}`], rules: restrictImports(featurePatterns(feature)) })),
  ];
  if (side === "web") {
    configs.push({ files: ["web/lib/**/*.{ts,tsx}", "web/components/**/*.{ts,tsx}"], rules: restrictImports([...sideBoundaries.web, ...zones.sharedWebToFeature]) });
  }
  if (side === "server") {
    configs.push(
      { files: ["server/**/*.ts"], ignores: drizzleAllowed, rules: restrictImports([...sideBoundaries.server, ...zones.drizzle]) },
      ...features.map((feature) => ({
        files: [`server/features/${feature}/**/*.ts`],
        ignores: drizzleAllowed,
        rules: restrictImports([...featurePatterns(feature), ...zones.drizzle]),
      })),
    );
  }
  return configs;
}

// The `sql` tag outside the Drizzle zone's exceptions, however it was imported.
const sqlTemplate = {
  selector: "TaggedTemplateExpression[tag.name='sql']",
  message: "SQL lives in *.queries.ts files (and the database plumbing): call a query function.",
};

/** The web app calls the API through callRoute, which takes method, path and types from the contract. */
const rawFetch = {
  selector: "CallExpression[callee.name='fetch'], CallExpression[callee.property.name='fetch'][callee.object.name=/^(window|globalThis)$/]",
  message: "Call the API with callRoute (web/lib/api-client.ts): the route's contract gives its method, path and types.",
};

export default tseslint.config(
  { ignores: ["dist/**", "node_modules/**", "server/db/migrations/**", "test-results/**", "playwright-report/**", "data/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
    },
  },
  {
    files: ["web/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  { files: ["common/**/*.{ts,tsx}"], rules: restrictImports(sideBoundaries.common) },
  ...importBoundaries("server"),
  ...importBoundaries("web"),
  { files: ["server/**/*.ts"], ignores: drizzleAllowed, rules: { "no-restricted-syntax": ["error", sqlTemplate] } },
  {
    files: ["web/**/*.{ts,tsx}"],
    ignores: ["web/lib/api-client.ts", "web/**/*.test.{ts,tsx}", "web/lib/testing/**"],
    rules: { "no-restricted-syntax": ["error", rawFetch] },
  },
);
