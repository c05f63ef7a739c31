type Listener = (message: MessageEvent) => void;

/**
 * Stands in for the browser's EventSource: records every instance (clear `created` before each
 * test) and lets a test fire what a server would.
 */
export class FakeEventSource {
  static created: FakeEventSource[] = [];
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  closed = false;
  private readonly listeners = new Map<string, Set<Listener>>();

  constructor(readonly url: string) {
    FakeEventSource.created.push(this);
  }

  addEventListener(type: string, listener: Listener): void {
    const set = this.listeners.get(type) ?? new Set<Listener>();
    set.add(listener);
    this.listeners.set(type, set);
  }

  close(): void {
    this.closed = true;
  }

  fireOpen(): void {
    this.onopen?.(new Event("open"));
  }

  fireError(): void {
    this.onerror?.(new Event("error"));
  }

  /** A message without an event name: EventSource hands it to onmessage. */
  fireUnnamedMessage(data: string): void {
    this.onmessage?.(new MessageEvent("message", { data }));
  }

  fireMessage(type: string, data = "", lastEventId = ""): void {
    for (const listener of this.listeners.get(type) ?? []) listener(new MessageEvent(type, { data, lastEventId }));
  }
}
