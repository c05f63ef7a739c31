export * from "./auth.ts";
export * from "./organizations.ts";
export * from "./system.ts";
export * from "./identity.ts";
export * from "./launchpad.ts";
export * from "./menus.ts";
export * from "./nda.ts";
export * from "./onboarding.ts";
