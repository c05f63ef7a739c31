// @vitest-environment node
import { readFileSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * Placeholders are hints, never values (issue 13, item 7): an example value such as "Wholesale
 * distribution" read as an answer already typed, and a required field that looked filled said
 * "Industry is required". A placeholder literal under web/ is a sample written "e.g. …" (the
 * shared Input's `example` prop writes it so) or one of the prompts below, which name no value.
 */

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const EXAMPLE_PREFIX = "e.g. ";

/** Prompts that are no answer at all. An entry nothing uses any more fails the test below. */
const ALLOWED_PROMPTS: ReadonlyMap<string, string> = new Map([
  ["Choose…", "a select's prompt before a choice (launchpad selects)"],
  ["Choose a member", "a select's prompt before a choice (menu versions)"],
  ["Select organization...", "the organization switcher's filter box, an instruction"],
  ["Inventory ID, description or module", "what the catalog's search box matches"],
  ["Organization or connection name", "what the ETL connections search box matches"],
  ["Organization or file name", "what the ETL datasets search box matches"],
]);

// placeholder="…", placeholder={"…"}, placeholder={`…`} and placeholder: "…" (descriptors).
// Tailwind's placeholder:text-… and placeholderData do not match: no quote follows.
const PLACEHOLDER_LITERAL = /\bplaceholder\s*(?:=\s*\{?\s*|:\s*)(["'`])((?:\\.|(?!\1)[^\\])*)\1/g;

interface PlaceholderLiteral {
  line: number;
  text: string;
}

function placeholderLiterals(source: string): PlaceholderLiteral[] {
  return [...source.matchAll(PLACEHOLDER_LITERAL)].map((match) => ({
    line: source.slice(0, match.index).split("\n").length,
    text: match[2] ?? "",
  }));
}

const isHint = (text: string) => text.startsWith(EXAMPLE_PREFIX) || ALLOWED_PROMPTS.has(text);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const scanned = sourceFiles(join(ROOT, "web")).map((path) => ({
  file: relative(ROOT, path),
  literals: placeholderLiterals(readFileSync(path, "utf8")),
}));

describe("placeholders under web/ are hints", () => {
  it("writes every placeholder literal as an example (e.g. …) or an allowed prompt", () => {
    const offending = scanned.flatMap(({ file, literals }) =>
      literals.filter((literal) => !isHint(literal.text)).map((literal) => `${file}:${literal.line} placeholder "${literal.text}"`),
    );
    expect(offending, 'write a sample as "e.g. …" (Input\'s `example` prop), or drop it when the label says enough').toEqual([]);
  });

  it("keeps the allow-list to prompts still in use", () => {
    const used = new Set(scanned.flatMap(({ literals }) => literals.map((literal) => literal.text)));
    expect([...ALLOWED_PROMPTS.keys()].filter((prompt) => !used.has(prompt))).toEqual([]);
  });

  it("finds the literals it checks, and nothing else", () => {
    const source = [
      '<Input placeholder="acme-production" />',
      "<Input placeholder={'USD'} />",
      "<Input placeholder={`${edition} estimate`} />",
      '{ kind: "text", placeholder: "Wholesale distribution" }',
      '<Input example="acme-production" />',
      '"placeholder:text-[var(--color-muted-foreground)] data-[placeholder]:text-[var(--color-muted-foreground)]"',
      "useQuery({ placeholderData: keepPreviousData })",
      "<Input placeholder={placeholder} />",
    ].join("\n");
    expect(placeholderLiterals(source)).toEqual([
      { line: 1, text: "acme-production" },
      { line: 2, text: "USD" },
      { line: 3, text: "${edition} estimate" },
      { line: 4, text: "Wholesale distribution" },
    ]);
    expect(placeholderLiterals('<Input placeholder="e.g. acme-production" />').map((literal) => isHint(literal.text))).toEqual([true]);
  });
});

describe("placeholders are drawn in the muted colour", () => {
  const read = (path: string) => readFileSync(join(ROOT, path), "utf8");

  it("in the shared input, filter box and select", () => {
    expect(read("web/components/ui/input.tsx")).toContain("placeholder:text-[var(--color-muted-foreground)]");
    expect(read("web/components/ui/command.tsx")).toContain("placeholder:text-[var(--color-muted-foreground)]");
    expect(read("web/components/ui/select.tsx")).toContain("data-[placeholder]:text-[var(--color-muted-foreground)]");
  });

  it("everywhere else, by the base style (both themes set the variable)", () => {
    const styles = read("web/styles.css");
    expect(styles).toMatch(/::placeholder\s*\{\s*color:\s*var\(--color-muted-foreground\);/);
    expect(styles.match(/--color-muted-foreground:/g)).toHaveLength(2);
  });
});
