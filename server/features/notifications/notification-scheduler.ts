import type { NotificationDeps } from "./notification-deps.ts";
import { sendLeftoverImmediateEmails } from "./notification-delivery.service.ts";
import { type DueJobScope, runDueJobs } from "./notification-jobs.service.ts";

export interface NotificationScheduler {
  /** Stops ticking and waits for a tick in progress. */
  stop(): Promise<void>;
}

const TICK_INTERVAL_MS = 60_000;

/**
 * Ticks every minute: runs the due jobs (the daily digests) and sends immediate emails their
 * requests left unsent. It keeps no state: what is due and who runs it is in the database, so any
 * number of instances tick side by side and a restart loses nothing.
 */
export function startNotificationScheduler(
  deps: NotificationDeps,
  options: { intervalMs?: number; scope?: DueJobScope } = {},
): NotificationScheduler {
  const scope = options.scope ?? {};
  let running: Promise<void> | null = null;
  const tick = async () => {
    try {
      await runDueJobs(deps, new Date(), scope);
      await sendLeftoverImmediateEmails(deps, scope.organizationIds);
    } catch (error) {
      deps.logger.error({ err: error }, "notifications: the scheduled jobs failed; the next tick tries again");
    }
  };
  const timer = setInterval(() => {
    // A tick slower than the interval is not run twice at once.
    if (running) return;
    running = tick().finally(() => {
      running = null;
    });
  }, options.intervalMs ?? TICK_INTERVAL_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
