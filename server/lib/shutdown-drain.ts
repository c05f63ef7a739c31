import { errorBody } from "./error-handler.ts";

/** Seconds a client is asked to wait before retrying a request refused while the portal stops. */
const RESTART_RETRY_AFTER_SECONDS = 5;

type Fetch = (request: Request, ...rest: never[]) => Response | Promise<Response>;

function withConnectionClose(response: Response): Response {
  try {
    response.headers.set("connection", "close");
    return response;
  } catch {
    // Headers of some responses are immutable: copy them into a response of our own.
    const headers = new Headers(response.headers);
    headers.set("connection", "close");
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
}

/**
 * The server's request handler with a way to stop taking requests. Once `start()` has run, a new
 * request (which can still arrive on a keep-alive connection opened before) is answered 503 with
 * Retry-After, and every answer, including those of requests already running, says
 * `Connection: close`, so each open connection closes after its current exchange and the drain
 * ends as soon as the running requests do.
 */
export function createShutdownDrain<F extends Fetch>(fetch: F): { fetch: F; start: () => void } {
  let draining = false;
  const drainingFetch = (async (request: Request, ...rest: never[]) => {
    if (draining) {
      return new Response(JSON.stringify(errorBody("unavailable", "The portal is restarting. Please try again in a few seconds.")), {
        status: 503,
        headers: { "content-type": "application/json", "retry-after": String(RESTART_RETRY_AFTER_SECONDS), connection: "close" },
      });
    }
    const response = await fetch(request, ...rest);
    return draining ? withConnectionClose(response) : response;
  }) as F;
  return {
    fetch: drainingFetch,
    start: () => {
      draining = true;
    },
  };
}
