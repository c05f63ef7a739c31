import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { IDLE_TIMEOUT_MS, NO_IDLE_CALLBACK_DELAY_MS, deferIdleWorkUntil, lazyModule, useModuleWhenIdle, whenIdle } from "./load-when-idle.ts";

/** A stand-in for requestIdleCallback that runs the callbacks when the test says the browser is idle. */
function installIdleCallbacks() {
  const pending = new Map<number, () => void>();
  let next = 1;
  const request = vi.fn((callback: () => void, _options?: { timeout: number }) => {
    pending.set(next, callback);
    return next++;
  });
  vi.stubGlobal("requestIdleCallback", request);
  vi.stubGlobal("cancelIdleCallback", (handle: number) => pending.delete(handle));
  return {
    request,
    pending,
    idle() {
      const callbacks = [...pending.values()];
      pending.clear();
      for (const callback of callbacks) callback();
    },
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("lazyModule", () => {
  it("imports once, however often it is asked", async () => {
    const importer = vi.fn(() => Promise.resolve({ answer: 42 }));
    const module = lazyModule(importer);
    expect(module.isLoaded()).toBe(false);
    const [first, second] = await Promise.all([module.load(), module.load()]);
    expect(first).toBe(second);
    expect(await module.load()).toEqual({ answer: 42 });
    expect(importer).toHaveBeenCalledOnce();
    expect(module.isLoaded()).toBe(true);
  });

  it("tries again after a failed download", async () => {
    const importer = vi.fn().mockRejectedValueOnce(new Error("offline")).mockResolvedValueOnce({ answer: 42 });
    const module = lazyModule(importer);
    await expect(module.load()).rejects.toThrow("offline");
    expect(module.isLoaded()).toBe(false);
    expect(await module.load()).toEqual({ answer: 42 });
    expect(importer).toHaveBeenCalledTimes(2);
  });
});

describe("whenIdle", () => {
  it("waits for the browser to be idle, at most the idle timeout, and can be cancelled", () => {
    const idle = installIdleCallbacks();
    const task = vi.fn();
    whenIdle(task);
    expect(idle.request).toHaveBeenCalledWith(expect.any(Function), { timeout: IDLE_TIMEOUT_MS });
    expect(task).not.toHaveBeenCalled();
    idle.idle();
    expect(task).toHaveBeenCalledOnce();

    const cancelled = vi.fn();
    whenIdle(cancelled)();
    idle.idle();
    expect(cancelled).not.toHaveBeenCalled();
  });

  it("runs a moment later where the browser cannot tell", () => {
    vi.useFakeTimers();
    vi.stubGlobal("requestIdleCallback", undefined);
    const task = vi.fn();
    whenIdle(task);
    vi.advanceTimersByTime(NO_IDLE_CALLBACK_DELAY_MS - 1);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(task).toHaveBeenCalledOnce();

    const cancelled = vi.fn();
    whenIdle(cancelled)();
    vi.advanceTimersByTime(NO_IDLE_CALLBACK_DELAY_MS);
    expect(cancelled).not.toHaveBeenCalled();
  });
});

describe("useModuleWhenIdle", () => {
  let idle: ReturnType<typeof installIdleCallbacks>;
  beforeEach(() => {
    idle = installIdleCallbacks();
  });

  it("loads the module once the browser is idle after the first render", async () => {
    const importer = vi.fn(() => Promise.resolve({}));
    const module = lazyModule(importer);
    const { result } = renderHook(() => useModuleWhenIdle(module));
    expect(result.current.loaded).toBe(false);
    expect(importer).not.toHaveBeenCalled();
    await act(async () => idle.idle());
    expect(importer).toHaveBeenCalledOnce();
    expect(result.current).toMatchObject({ loaded: true, takeFocus: false });
  });

  it("loads at once when asked (a hover, a focus, a click), and hands the focus over from the stand-in", async () => {
    const standIn = document.createElement("button");
    document.body.append(standIn);
    const module = lazyModule(() => Promise.resolve({}));
    const { result } = renderHook(() => useModuleWhenIdle(module, { current: standIn }));
    standIn.focus();
    await act(async () => expect(await result.current.load()).toBe(true));
    expect(result.current).toMatchObject({ loaded: true, takeFocus: true });
    // Loaded, it asks the browser for nothing more.
    expect(idle.pending.size).toBe(0);
    standIn.remove();
  });

  it("starts loaded when the module already is", async () => {
    const module = lazyModule(() => Promise.resolve({}));
    await module.load();
    const { result } = renderHook(() => useModuleWhenIdle(module));
    expect(result.current.loaded).toBe(true);
    expect(idle.request).not.toHaveBeenCalled();
  });

  it("stays on the stand-in when the download fails, and tries again when asked", async () => {
    const module = lazyModule(vi.fn().mockRejectedValueOnce(new Error("offline")).mockResolvedValueOnce({}));
    const { result } = renderHook(() => useModuleWhenIdle(module));
    await act(async () => expect(await result.current.load()).toBe(false));
    expect(result.current.loaded).toBe(false);
    await act(async () => expect(await result.current.load()).toBe(true));
    expect(result.current.loaded).toBe(true);
  });

  it("asks for nothing once unmounted", () => {
    const importer = vi.fn(() => Promise.resolve({}));
    const module = lazyModule(importer);
    const { unmount } = renderHook(() => useModuleWhenIdle(module));
    unmount();
    idle.idle();
    expect(importer).not.toHaveBeenCalled();
  });
});

describe("deferIdleWorkUntil", () => {
  it("holds idle work until the first screen is ready, then waits for idleness as usual", async () => {
    const idle = installIdleCallbacks();
    let markReady: () => void = () => {};
    deferIdleWorkUntil(new Promise<void>((resolve) => (markReady = resolve)));
    const task = vi.fn();
    const cancelled = vi.fn();
    whenIdle(task);
    const cancel = whenIdle(cancelled);
    cancel();
    expect(idle.request).not.toHaveBeenCalled();
    markReady();
    await vi.waitFor(() => expect(idle.request).toHaveBeenCalledOnce());
    idle.idle();
    expect(task).toHaveBeenCalledOnce();
    expect(cancelled).not.toHaveBeenCalled();
    // Once ready, idle work is scheduled at once.
    whenIdle(task);
    expect(idle.request).toHaveBeenCalledTimes(2);
  });
});
