import { readdirSync } from "node:fs";
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const featureDirs = (root) =>
  readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/** Each feature may import only itself among features; outside itself it uses the # aliases. */
function featureBoundaries(side) {
  return featureDirs(`${side}/features`).map((feature) => ({
    files: [`${side}/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: `^#${side}/features/(?!${feature}/)`,
              message: "Features never import each other: move the shared piece to lib/ or common/.",
            },
            { group: ["../*"], message: "Outside its own folder a feature imports through the # aliases." },
            ...sideBoundaries[side],
          ],
        },
      ],
    },
  }));
}

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
    { group: ["node:*"], message: "The web app runs in the browser." },
  ],
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
  ...["common", "server", "web"].map((side) => ({
    files: [`${side}/**/*.{ts,tsx}`],
    rules: { "no-restricted-imports": ["error", { patterns: sideBoundaries[side] }] },
  })),
  ...featureBoundaries("server"),
  ...featureBoundaries("web"),
);
