import { cleanup } from "@testing-library/react";
import { afterEach, beforeEach } from "vitest";
import { installDomPolyfills } from "#web/lib/testing/dom-polyfills.ts";
import { resetToasts } from "#web/lib/testing/toast-recorder.ts";

// What jsdom lacks and Radix and cmdk call, once for every component test.
installDomPolyfills();

// Files that mock sonner with the toast recorder start each test with no toast recorded.
beforeEach(() => resetToasts());

// Without vitest globals Testing Library cannot register its own cleanup: unmount after each test.
afterEach(() => cleanup());
