import { getStorageUsageRoute } from "#common/contracts/content";
import type { callRoute } from "#web/lib/api-client.ts";
import { DEFAULT_CAPTURE_MAX_SECONDS } from "./capture-support.ts";

/**
 * The longest recording the server keeps (CAPTURE_MAX_SECONDS); the default when it cannot be
 * read. The caller hands in callRoute: this lazy chunk importing the API client itself would make
 * the bundler split the client's shared chunk, which every first page loads.
 */
export async function readCaptureLimitSeconds(call: typeof callRoute, signal?: AbortSignal): Promise<number> {
  try {
    const usage = await call(getStorageUsageRoute, { signal });
    return usage.capture_max_seconds > 0 ? usage.capture_max_seconds : DEFAULT_CAPTURE_MAX_SECONDS;
  } catch {
    return DEFAULT_CAPTURE_MAX_SECONDS;
  }
}
