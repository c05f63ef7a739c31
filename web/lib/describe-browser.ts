import Bowser from "bowser";

/**
 * A browser's user-agent string as people read it: "Chrome 131 on Windows 10". Null when the
 * string names no browser anyone would recognise (the caller then shows it as it is).
 */
export function describeBrowser(userAgent: string): string | null {
  // Bowser refuses an empty string.
  if (userAgent.trim() === "") return null;
  const { browser, os } = Bowser.parse(userAgent);
  if (!browser.name) return null;
  const major = browser.version?.split(".")[0];
  const system = [os.name, os.versionName ?? os.version].filter(Boolean).join(" ");
  return [browser.name, major].filter(Boolean).join(" ") + (system ? ` on ${system}` : "");
}
