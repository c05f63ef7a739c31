export * from "./auth.ts";
export * from "./organizations.ts";
export * from "./system.ts";
export * from "./identity.ts";
