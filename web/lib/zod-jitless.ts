// The Content-Security-Policy allows no 'unsafe-eval'. zod would compile object parsers with the
// Function constructor, and its probe for that (`new Function("")`) is reported as a violation
// even though zod catches it. Its `jitless` setting is read when a schema is built, so web/main.tsx
// imports this module first. zod keeps its settings on globalThis.__zod_globalConfig (shared by
// every copy of zod on the page): setting them there, rather than through z.config(), keeps zod
// out of the first screen's download. web/lib/zod-jitless.test.ts fails if zod stops reading it.
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig = Object.assign(holder.__zod_globalConfig ?? {}, { jitless: true });

export {};
