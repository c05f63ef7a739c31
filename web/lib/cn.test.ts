// The rule keeps Node out of the browser's code; this test runs in Node and reads the sources.
// Vite's import.meta.glob with ?raw, the browser-side way, loaded them about 5 s slower.
// eslint-disable-next-line no-restricted-imports
import { readFileSync, readdirSync } from "node:fs";
import { createTailwindMerge, getDefaultConfig, validators } from "tailwind-merge";
import { describe, expect, it } from "vitest";
import { getClassMergeConfig } from "./class-merge-config.ts";
import { cn } from "./cn.ts";

/*
 * `cn` merges with a lean configuration (class-merge-config.ts). These tests merge the classes the
 * web app writes with it and with tailwind-merge's full default configuration (twMerge's), and
 * name the classes wherever the two differ: a class of a group the lean configuration lacks fails
 * here the day it is first written.
 */

// No cache: nearly every string below is merged once.
const leanMerge = createTailwindMerge(() => ({ ...getClassMergeConfig(), cacheSize: 0 }));
const fullMerge = createTailwindMerge(() => ({ ...getDefaultConfig(), cacheSize: 0 }));

/** The web app's sources, tests and the lean configuration's own lists left out. */
function readWebSources(): Map<string, string> {
  const web = `${import.meta.dirname}/..`;
  const files = readdirSync(web, { recursive: true, encoding: "utf8" })
    .map((file) => file.replaceAll("\\", "/"))
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && file !== "lib/class-merge-config.ts");
  return new Map(files.map((file) => [file, readFileSync(`${web}/${file}`, "utf8")]));
}

const CODE_STOP = /["'`{}]|\/[/*]?/g;
const TEMPLATE_STOP = /\\|`|\$\{/g;
// A slash after these starts a regular expression literal, not a division.
const BEFORE_REGEX_LITERAL = /(?:^|[(,=:[!&|?{};]|\breturn)\s*$/;

/**
 * The text of every string literal and of every static part of a template literal in `source`,
 * comments and regular expression literals skipped. A small lexer rather than TypeScript's
 * parser, which takes most of a second on the whole app; JSX text with an apostrophe may yield
 * a stray string of words, which are not classes.
 */
function extractStrings(source: string): string[] {
  const found: string[] = [];
  const templateDepths: number[] = [];
  let depth = 0;
  let at = 0;
  const readTemplatePart = () => {
    for (let from = at; ; ) {
      TEMPLATE_STOP.lastIndex = from;
      const stop = TEMPLATE_STOP.exec(source);
      if (!stop) {
        found.push(source.slice(at));
        at = source.length;
        return;
      }
      if (stop[0] === "\\") {
        from = stop.index + 2;
        continue;
      }
      found.push(source.slice(at, stop.index));
      at = stop.index + stop[0].length;
      if (stop[0] === "${") templateDepths.push(depth++);
      return;
    }
  };
  while (at < source.length) {
    CODE_STOP.lastIndex = at;
    const stop = CODE_STOP.exec(source);
    if (!stop) break;
    const [token] = stop;
    at = stop.index + 1;
    if (token === "//" || token === "/*") {
      const end = source.indexOf(token === "//" ? "\n" : "*/", stop.index + 2);
      at = end < 0 ? source.length : end + (token === "//" ? 0 : 2);
    } else if (token === '"' || token === "'") {
      let end = at;
      while (end < source.length && source[end] !== token && source[end] !== "\n") end += source[end] === "\\" ? 2 : 1;
      found.push(source.slice(at, end));
      at = end + 1;
    } else if (token === "`") {
      readTemplatePart();
    } else if (token === "/") {
      if (!BEFORE_REGEX_LITERAL.test(source.slice(Math.max(0, stop.index - 12), stop.index))) continue;
      let inClass = false;
      while (at < source.length && source[at] !== "\n" && (source[at] !== "/" || inClass)) {
        if (source[at] === "[") inClass = true;
        else if (source[at] === "]") inClass = false;
        at += source[at] === "\\" ? 2 : 1;
      }
      at += 1;
    } else if (token === "{") {
      depth += 1;
    } else if (templateDepths.at(-1) === depth - 1) {
      templateDepths.pop();
      depth -= 1;
      readTemplatePart();
    } else {
      depth -= 1;
    }
  }
  return found.map((text) => text.replace(/\\[nt]/g, " "));
}

const splitClasses = (text: string) => text.split(/\s+/).filter(Boolean);

/** Whether `merge` takes `token` for a Tailwind class: only those are deduplicated. */
const isKnownTo = (merge: typeof leanMerge, token: string) => merge(`${token} ${token}`) === token;

/**
 * The variants of a class, sorted (`md:hover:p-2` → `hover:md`), and its important mark, split the
 * way tailwind-merge splits them. tailwind-merge lets a class override only classes of the same
 * variants (in an order its configuration decides) and importance, so two classes with different
 * keys here keep each other whatever either configuration says.
 */
function variantKey(token: string): string {
  const variants: string[] = [];
  let brackets = 0;
  let parentheses = 0;
  let start = 0;
  for (let index = 0; index < token.length; index++) {
    const char = token[index];
    if (brackets === 0 && parentheses === 0 && char === ":") {
      variants.push(token.slice(start, index));
      start = index + 1;
    } else if (char === "[") brackets += 1;
    else if (char === "]") brackets -= 1;
    else if (char === "(") parentheses += 1;
    else if (char === ")") parentheses -= 1;
  }
  const base = token.slice(start);
  return `${variants.sort().join(":")}${base.startsWith("!") || base.endsWith("!") ? "!" : ""}`;
}

const SOURCES = readWebSources();
const STRINGS = new Map([...SOURCES].map(([file, source]) => [file, extractStrings(source)]));
/** Every class of the web app that either configuration takes for a Tailwind class. */
const CORPUS = [...new Set([...STRINGS.values()].flat().flatMap(splitClasses))].filter((token) => isKnownTo(fullMerge, token) || isKnownTo(leanMerge, token)).sort();
const KNOWN = new Set(CORPUS);

/** Every ordered pair of distinct classes that could override one another: same variants. */
const PAIRS: [string, string][] = [];
const byVariants = new Map<string, string[]>();
for (const token of CORPUS) byVariants.set(variantKey(token), [...(byVariants.get(variantKey(token)) ?? []), token]);
for (const tokens of byVariants.values()) {
  for (const first of tokens) for (const second of tokens) if (first !== second) PAIRS.push([first, second]);
}

/**
 * String literals made of classes (a className, a cn() argument, a cva variant), with the words
 * neither configuration knows left out: those pass through a merge untouched.
 */
function toClassList(text: string): string | undefined {
  const tokens = splitClasses(text);
  if (!tokens.some((token) => KNOWN.has(token)) || !tokens.every((token) => KNOWN.has(token) || /^[a-z][a-z-]*$/.test(token))) return undefined;
  return tokens.filter((token) => KNOWN.has(token)).join(" ");
}
const CLASS_LISTS = [...new Set([...STRINGS.values()].flat().map(toClassList))].filter((list) => list !== undefined);
/** Each ui primitive's own classes: the string literals that open its cn() or cva() call. */
const PRIMITIVES = [...SOURCES]
  .filter(([file]) => /^components\/ui\/[^/]+\.tsx$/.test(file))
  .flatMap(([, source]) => [...source.matchAll(/\b(?:cn|cva)\(((?:\s*"[^"]*",?)+)/g)])
  .map((call) => [...call[1]!.matchAll(/"([^"]*)"/g)].map((literal) => literal[1]).join(" "));

/** Merges each string with both configurations; lists those where they differ, readably. */
function findMismatches(classLists: Iterable<string>): string[] {
  const mismatches: string[] = [];
  for (const classes of classLists) {
    const lean = leanMerge(classes);
    const full = fullMerge(classes);
    if (lean !== full) mismatches.push(`${classes}  →  lean merge: ${lean}  |  twMerge: ${full}`);
  }
  return mismatches;
}

describe("the class corpus", () => {
  it("is read from the web app's sources", () => {
    expect(SOURCES.size).toBeGreaterThan(100);
    for (const token of ["px-4", "text-sm", "focus-visible:ring-2", "[&_svg]:size-4", "bg-[var(--color-primary)]", "sm:grid-cols-2"]) expect(CORPUS).toContain(token);
    expect(PRIMITIVES.length).toBeGreaterThan(20);
  });
});

type AnyConfig = ReturnType<typeof getDefaultConfig> | ReturnType<typeof getClassMergeConfig>;
const VALIDATOR_NAMES = new Map(Object.entries(validators).map(([name, validator]) => [validator as unknown, name]));
type Definition = string | ((value: string) => boolean) | { readonly [part: string]: readonly Definition[] };

/**
 * A class group as the lookup tree tailwind-merge builds from it: the classes it names and the
 * validators it puts under each prefix, theme scales expanded, order left out.
 */
function describeGroup(config: AnyConfig, groupId: string): string[] {
  const entries: string[] = [];
  const walk = (definition: Definition, path: string) => {
    if (typeof definition === "string") entries.push([path, definition].filter(Boolean).join("-"));
    else if (typeof definition === "function" && "isThemeGetter" in definition) for (const inner of (definition as unknown as (theme: unknown) => Definition[])(config.theme)) walk(inner, path);
    else if (typeof definition === "function") entries.push(`${path}-{${VALIDATOR_NAMES.get(definition) ?? definition.toString()}}`);
    else for (const [part, inner] of Object.entries(definition)) for (const each of inner) walk(each, [path, part].filter(Boolean).join("-"));
  };
  for (const definition of (config.classGroups as unknown as Record<string, Definition[]>)[groupId] ?? []) walk(definition, "");
  return [...new Set(entries)].sort();
}

describe("the lean merge configuration", () => {
  const lean = getClassMergeConfig();
  const full = getDefaultConfig();
  const leanGroups = Object.keys(lean.classGroups);
  const restrict = (groups: readonly string[] | undefined) => (groups ?? []).filter((group) => leanGroups.includes(group)).sort();
  const asRecord = (record: object) => record as Record<string, readonly string[] | undefined>;

  it("defines each of its groups as twMerge's configuration does, in the same order", () => {
    const fullGroups = Object.keys(full.classGroups);
    expect(leanGroups.filter((group) => !fullGroups.includes(group))).toEqual([]);
    expect(leanGroups).toEqual(fullGroups.filter((group) => leanGroups.includes(group)));
    for (const group of leanGroups) expect(describeGroup(lean, group), group).toEqual(describeGroup(full, group));
  });

  it("declares the conflicts twMerge's configuration declares between its groups", () => {
    for (const group of leanGroups) {
      expect(restrict(asRecord(lean.conflictingClassGroups)[group]), group).toEqual(restrict(asRecord(full.conflictingClassGroups)[group]));
      expect(restrict(asRecord(lean.conflictingClassGroupModifiers)[group]), group).toEqual(restrict(asRecord(full.conflictingClassGroupModifiers)[group]));
    }
    expect(restrict(lean.postfixLookupClassGroups)).toEqual(restrict(full.postfixLookupClassGroups));
    expect(lean.orderSensitiveModifiers).toEqual(full.orderSensitiveModifiers);
  });

  it(`takes the same ${CORPUS.length} classes of the web app for Tailwind classes as twMerge`, () => {
    const differing = CORPUS.filter((token) => isKnownTo(fullMerge, token) !== isKnownTo(leanMerge, token));
    expect(differing.map((token) => `${token}: only ${isKnownTo(leanMerge, token) ? "the lean merge" : "twMerge"} knows it`)).toEqual([]);
  });

  it(`merges the ${PAIRS.length} pairs of those classes as twMerge does`, () => {
    const mismatches = findMismatches(PAIRS.map(([first, second]) => `${first} ${second}`));
    expect(mismatches.slice(0, 50), `${mismatches.length} of ${PAIRS.length} pairs merge differently`).toEqual([]);
  });

  it(`merges each of ${PRIMITIVES.length} ui primitives' classes with each of ${CLASS_LISTS.length} class lists as twMerge does`, () => {
    const mismatches = findMismatches(PRIMITIVES.flatMap((base) => CLASS_LISTS.map((classList) => `${base} ${classList}`)));
    expect(mismatches.slice(0, 50), `${mismatches.length} merges differ`).toEqual([]);
  });
});

describe("cn", () => {
  it("joins conditional classes as clsx does", () => {
    expect(cn("flex", false, undefined, null, ["gap-2", { "p-4": true, "p-8": false }])).toBe("flex gap-2 p-4");
  });

  it("lets later classes override the ones they conflict with", () => {
    expect(cn("h-10 px-4", "h-8 px-2")).toBe("h-8 px-2");
    expect(cn("p-4", "px-2")).toBe("p-4 px-2");
    expect(cn("px-2", "p-4")).toBe("p-4");
    expect(cn("size-4", "h-5")).toBe("size-4 h-5");
    expect(cn("h-5 w-5", "size-4")).toBe("size-4");
    expect(cn("top-0 left-2", "inset-0")).toBe("inset-0");
    expect(cn("rounded-tl-md", "rounded-lg")).toBe("rounded-lg");
    expect(cn("rounded-tl-none", "rounded-t-md")).toBe("rounded-t-md");
    expect(cn("border-t-2 border-x", "border-2")).toBe("border-2");
    expect(cn("gap-x-2", "gap-4")).toBe("gap-4");
    expect(cn("w-full", "w-[42rem]")).toBe("w-[42rem]");
  });

  it("tells sizes from colours under the same prefix", () => {
    expect(cn("text-sm text-muted-foreground", "text-destructive")).toBe("text-sm text-destructive");
    expect(cn("text-sm text-[var(--color-muted-foreground)]", "text-xs")).toBe("text-[var(--color-muted-foreground)] text-xs");
    expect(cn("border", "border-destructive")).toBe("border border-destructive");
    expect(cn("border-2 border-[var(--color-border)]", "border-0")).toBe("border-[var(--color-border)] border-0");
    expect(cn("ring-2 ring-ring/50", "ring-1")).toBe("ring-ring/50 ring-1");
    expect(cn("outline-hidden", "outline-2 outline-primary")).toBe("outline-hidden outline-2 outline-primary");
    expect(cn("shadow-xs rounded-xs", "shadow-md rounded-md")).toBe("shadow-md rounded-md");
    expect(cn("bg-transparent text-[var(--color-foreground)]", "bg-[var(--color-muted)]")).toBe("text-[var(--color-foreground)] bg-[var(--color-muted)]");
    expect(cn("text-sm leading-6", "text-base/7")).toBe("text-base/7");
  });

  it("keeps variants, important marks and arbitrary values apart", () => {
    expect(cn("bg-white dark:bg-black", "bg-muted")).toBe("dark:bg-black bg-muted");
    expect(cn("px-2 sm:px-4 md:px-6", "sm:px-8")).toBe("px-2 md:px-6 sm:px-8");
    expect(cn("hover:focus:bg-muted", "focus:hover:bg-card")).toBe("focus:hover:bg-card");
    expect(cn("data-[state=open]:opacity-100", "data-[state=open]:opacity-50 aria-invalid:border-destructive")).toBe("data-[state=open]:opacity-50 aria-invalid:border-destructive");
    expect(cn("group-hover:underline p-2!", "p-4 group-hover:no-underline")).toBe("p-2! p-4 group-hover:no-underline");
    expect(cn("[&_svg]:size-4", "[&_svg]:size-5")).toBe("[&_svg]:size-5");
    expect(cn("not-a-tailwind-class flex", "hidden")).toBe("not-a-tailwind-class hidden");
  });
});
