import { describe, expect, it, vi } from "vitest";
import { ApiError } from "./api-client.ts";
import { SETTLE_MAX_WAIT_MS, SETTLE_QUIET_MS, createQueryClient, waitForQueriesToSettle } from "./query-client.ts";

describe("createQueryClient", () => {
  it("retries a failed read once, but never a 401: asking again brings no session back", () => {
    const retry = createQueryClient().getDefaultOptions().queries?.retry;
    if (typeof retry !== "function") throw new Error("retry is not a policy");
    const serverError = new ApiError(503, "unavailable", "Busy");
    const signedOut = new ApiError(401, "unauthenticated", "Sign in first");
    expect([retry(0, serverError), retry(1, serverError), retry(0, signedOut)]).toEqual([true, false, false]);
  });
});

describe("waitForQueriesToSettle", () => {
  it("resolves once the reads, wave after wave, have all answered and stayed quiet", async () => {
    const queryClient = createQueryClient();
    let settled = false;
    void waitForQueriesToSettle(queryClient).then(() => {
      settled = true;
    });
    const answer = <T>(value: T, ms: number) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));
    await queryClient.fetchQuery({ queryKey: ["first"], queryFn: () => answer(1, 20) });
    // The next wave starts within the quiet time: still not settled.
    await new Promise((resolve) => setTimeout(resolve, SETTLE_QUIET_MS / 4));
    expect(settled).toBe(false);
    await queryClient.fetchQuery({ queryKey: ["second"], queryFn: () => answer(2, 20) });
    expect(settled).toBe(false);
    await vi.waitFor(() => expect(settled).toBe(true));
  });

  it("stops waiting after SETTLE_MAX_WAIT_MS when a read hangs", async () => {
    vi.useFakeTimers();
    try {
      const queryClient = createQueryClient();
      let settled = false;
      void waitForQueriesToSettle(queryClient).then(() => {
        settled = true;
      });
      void queryClient.fetchQuery({ queryKey: ["hangs"], queryFn: () => new Promise(() => {}) });
      await vi.advanceTimersByTimeAsync(SETTLE_MAX_WAIT_MS - 1);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(settled).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
