import { act, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useDebouncedValue } from "./use-debounced-value.ts";

afterEach(() => {
  vi.useRealTimers();
});

describe("useDebouncedValue", () => {
  it("answers the new value only once it has stopped changing for the delay", () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(({ value }) => useDebouncedValue(value, 300), { initialProps: { value: "" } });
    rerender({ value: "a" });
    act(() => vi.advanceTimersByTime(200));
    rerender({ value: "ac" });
    act(() => vi.advanceTimersByTime(200));
    rerender({ value: "acme" });
    act(() => vi.advanceTimersByTime(299));
    expect(result.current).toBe("");
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe("acme");
  });
});
