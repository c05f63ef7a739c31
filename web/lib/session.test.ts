import { QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AUTH, authAnswers, resetSessionState } from "#web/lib/testing/fake-auth.ts";
import { installFakeApi } from "#web/lib/testing/fake-api.ts";
import { queryKeys } from "./realtime/event-query-keys.ts";
import { SESSION_CHECK_INTERVAL_MS, keepSessionFresh } from "./session.ts";

function showTab() {
  Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "visible" });
  document.dispatchEvent(new Event("visibilitychange"));
}

// The files of a worker share this module and the document: each test starts from a tab that
// never kept the session fresh, and leaves one.
beforeEach(() => resetSessionState());
afterEach(async () => {
  vi.useRealTimers();
  // Back to jsdom's own visibilityState (on the prototype).
  Reflect.deleteProperty(document, "visibilityState");
  await resetSessionState();
});

describe("keepSessionFresh", () => {
  it("asks Better Auth when idle, again when the tab is shown after a minute, and re-reads the profile once the session is gone", async () => {
    const api = installFakeApi(authAnswers());
    const checks = () => api.to(AUTH.getSession).length;
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, "invalidateQueries");
    keepSessionFresh(queryClient);
    keepSessionFresh(queryClient);
    await vi.waitFor(() => expect(checks()).toBe(1));
    // The signed-in answer has been read: nothing to re-read.
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(invalidate).not.toHaveBeenCalled();

    // Shown again within the minute: not asked again.
    showTab();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(checks()).toBe(1);

    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + SESSION_CHECK_INTERVAL_MS);
    // Better Auth answers a session that is gone with 200 and null.
    api.answer(AUTH.getSession, { body: null });
    showTab();
    await vi.waitFor(() => expect(checks()).toBe(2));
    await vi.waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeys.currentUser, exact: true }));
    expect(invalidate).toHaveBeenCalledOnce();
    expect(api.requests.map((request) => `${request.method} ${request.path}`)).toEqual([AUTH.getSession, AUTH.getSession]);
  });
});
