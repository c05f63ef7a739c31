import { vi } from "vitest";

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

export type FakeReply = { status?: number; body?: unknown; headers?: Record<string, string> };
/** A reply, or a function of the request answering one (a promise holds the answer back until it settles). */
export type FakeAnswer = FakeReply | ((request: RecordedRequest) => FakeReply | Promise<FakeReply>);

/**
 * Replaces `fetch` with answers keyed by "METHOD /path" and records every request. A request
 * with no answer fails the test loudly (404 with the portal's error body).
 */
export function installFakeApi(answers: Record<string, FakeAnswer> = {}) {
  const requests: RecordedRequest[] = [];
  const table = new Map(Object.entries(answers));
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), "http://localhost");
      const headers = Object.fromEntries(new Headers(init.headers).entries());
      const request: RecordedRequest = {
        method: init.method ?? "GET",
        path: url.pathname + url.search,
        headers,
        body: typeof init.body === "string" ? JSON.parse(init.body) : undefined,
      };
      requests.push(request);
      const answer = table.get(`${request.method} ${url.pathname}`);
      const result = typeof answer === "function" ? await answer(request) : answer;
      if (!result) {
        return Response.json({ error: { code: "not_found", message: `No fake answer for ${request.method} ${url.pathname}` } }, { status: 404 });
      }
      const status = result.status ?? 200;
      // A 204 answer has no body at all; Response refuses one.
      return status === 204 ? new Response(null, { status, headers: result.headers }) : Response.json(result.body ?? null, { status, headers: result.headers });
    }),
  );
  return {
    requests,
    answer(route: string, value: FakeAnswer) {
      table.set(route, value);
    },
    /** Requests to one route ("METHOD /path"), in order. */
    to(route: string): RecordedRequest[] {
      return requests.filter((request) => `${request.method} ${request.path.split("?")[0]}` === route);
    },
  };
}
