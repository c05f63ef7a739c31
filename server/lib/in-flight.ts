import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./app-context.ts";

/**
 * Counts requests being handled, so shutdown can wait for them before closing the database —
 * including those whose client has already gone away, which the HTTP server no longer tracks.
 */
export class InFlightRequests {
  private count = 0;
  private idleWaiters: (() => void)[] = [];

  middleware(): MiddlewareHandler<AppEnv> {
    return async (_c, next) => {
      this.count += 1;
      try {
        await next();
      } finally {
        this.count -= 1;
        if (this.count === 0) for (const resolve of this.idleWaiters.splice(0)) resolve();
      }
    };
  }

  get size(): number {
    return this.count;
  }

  /** Resolves when no request is being handled. */
  whenIdle(): Promise<void> {
    return this.count === 0 ? Promise.resolve() : new Promise((resolve) => this.idleWaiters.push(resolve));
  }
}
