import { cleanup } from "@testing-library/react";
import { afterEach, beforeEach, vi } from "vitest";
import { installDomPolyfills } from "#web/lib/testing/dom-polyfills.ts";
import { resetToasts } from "#web/lib/testing/toast-recorder.ts";

// Every component test records toasts instead of showing them; a test reads them from the
// recorder (`toasts`, see toast-recorder.ts).
vi.mock("sonner", () => import("#web/lib/testing/toast-recorder.ts"));

// What jsdom lacks and Radix and cmdk call, once for every component test.
installDomPolyfills();

// In the `unit` project the files of a worker share one jsdom: each file starts from an empty
// page at the root address with empty storage and the real globals, whatever the file before it left.
vi.unstubAllGlobals();
document.body.innerHTML = "";
document.head.querySelectorAll("style, link").forEach((element) => element.remove());
window.history.replaceState(null, "", "/");
window.localStorage.clear();
window.sessionStorage.clear();

beforeEach(() => resetToasts());

// Without vitest globals Testing Library cannot register its own cleanup: unmount after each
// test. Fake timers never outlive the test that set them.
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});
