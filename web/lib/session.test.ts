import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { queryKeys } from "./realtime/event-query-keys.ts";
import { SESSION_CHECK_INTERVAL_MS, keepSessionFresh } from "./session.ts";

const auth = vi.hoisted(() => ({ checks: 0, answer: { data: { user: { id: "u" } }, error: null } as { data: unknown; error: unknown } }));
vi.mock("./auth-client.ts", () => ({
  authClient: {
    getSession: () => {
      auth.checks += 1;
      return Promise.resolve(auth.answer);
    },
  },
}));

function showTab() {
  Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "visible" });
  document.dispatchEvent(new Event("visibilitychange"));
}

afterEach(() => {
  vi.useRealTimers();
});

describe("keepSessionFresh", () => {
  it("asks Better Auth when idle, again when the tab is shown after a minute, and re-reads the profile once the session is gone", async () => {
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, "invalidateQueries");
    keepSessionFresh(queryClient);
    keepSessionFresh(queryClient);
    await vi.waitFor(() => expect(auth.checks).toBe(1));
    expect(invalidate).not.toHaveBeenCalled();

    // Shown again within the minute: not asked again.
    showTab();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(auth.checks).toBe(1);

    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + SESSION_CHECK_INTERVAL_MS);
    auth.answer = { data: null, error: null };
    showTab();
    await vi.waitFor(() => expect(auth.checks).toBe(2));
    await vi.waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeys.currentUser, exact: true }));
  });
});
