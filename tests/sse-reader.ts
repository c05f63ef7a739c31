import { afterEach } from "vitest";
/** Reading Server-Sent Events bodies in tests. */

const WAIT_MS = 20_000;

export interface SseMessage {
  event: string;
  id: string | undefined;
  data: string;
}

/** Yields the messages of a Server-Sent Events body as they arrive (blocks end with a blank line). */
async function* parseSse(reader: ReadableStreamDefaultReader<Uint8Array>): AsyncGenerator<SseMessage> {
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, "\n");
    let end: number;
    while ((end = buffer.indexOf("\n\n")) !== -1) {
      const message: SseMessage = { event: "message", id: undefined, data: "" };
      const data: string[] = [];
      for (const line of buffer.slice(0, end).split("\n")) {
        const colon = line.indexOf(":");
        if (line === "" || colon === 0) continue;
        const field = colon === -1 ? line : line.slice(0, colon);
        const value = colon === -1 ? "" : line.slice(colon + 1).replace(/^ /, "");
        if (field === "event") message.event = value;
        else if (field === "id") message.id = value;
        else if (field === "data") data.push(value);
      }
      buffer = buffer.slice(end + 2);
      yield { ...message, data: data.join("\n") };
    }
  }
}

/** Reads one stream's messages; `close` aborts the request and cancels the body (the server unsubscribes). */
export function readSse(response: Response, controller: AbortController) {
  if (!response.body) throw new Error(`no body (status ${response.status})`);
  const reader = response.body.getReader();
  const messages = parseSse(reader);
  /** The next message; fails when none comes within WAIT_MS or the stream ends. */
  const next = async (): Promise<SseMessage> => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`no SSE message within ${WAIT_MS} ms`)), WAIT_MS);
    });
    try {
      const result = await Promise.race([messages.next(), timeout]);
      if (result.done) throw new Error("the event stream ended");
      return result.value;
    } finally {
      clearTimeout(timer);
    }
  };
  /** The next message other than a heartbeat ping. */
  const nextNonPing = async (): Promise<SseMessage> => {
    for (let message = await next(); ; message = await next()) if (message.event !== "ping") return message;
  };
  const close = async () => {
    controller.abort();
    await reader.cancel().catch(() => {});
  };
  return { next, nextNonPing, close };
}
export type SseReader = ReturnType<typeof readSse>;

/** The readers a test file opens, closed after each of its tests so that no stream outlives one. */
export function closeReadersAfterEach(): Set<SseReader> {
  const open = new Set<SseReader>();
  afterEach(async () => {
    await Promise.all([...open].map((reader) => reader.close()));
    open.clear();
  });
  return open;
}
