import { describe, expect, it } from "vitest";
import { ApiError } from "./api-client.ts";
import { createQueryClient } from "./query-client.ts";

describe("createQueryClient", () => {
  it("retries a failed read once, but never a 401: asking again brings no session back", () => {
    const retry = createQueryClient().getDefaultOptions().queries?.retry;
    if (typeof retry !== "function") throw new Error("retry is not a policy");
    const serverError = new ApiError(503, "unavailable", "Busy");
    const signedOut = new ApiError(401, "unauthenticated", "Sign in first");
    expect([retry(0, serverError), retry(1, serverError), retry(0, signedOut)]).toEqual([true, false, false]);
  });
});
