import { vi } from "vitest";

/**
 * A stand-in for XMLHttpRequest (jsdom sends nothing anywhere): records what a page sends and lets
 * the test drive the upload's progress and the server's answer. Test-only.
 */
export class FakeUploadRequest extends EventTarget {
  readonly upload = new EventTarget();
  method = "";
  url = "";
  readonly headers: Record<string, string> = {};
  body: unknown = undefined;
  withCredentials = false;
  status = 0;
  responseText = "";
  sent = false;
  aborted = false;

  constructor(private readonly log: FakeUploadRequest[]) {
    super();
  }

  open(method: string, url: string): void {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string): void {
    this.headers[name.toLowerCase()] = value;
  }

  send(body?: unknown): void {
    this.body = body;
    this.sent = true;
    this.log.push(this);
  }

  abort(): void {
    this.aborted = true;
    this.dispatchEvent(new Event("abort"));
  }

  /** `loaded` of `total` bytes have gone out. */
  progress(loaded: number, total: number, lengthComputable = true): void {
    this.upload.dispatchEvent(new ProgressEvent("progress", { lengthComputable, loaded, total }));
  }

  /** Every byte is out; the answer has not come yet. */
  finishSending(): void {
    this.upload.dispatchEvent(new Event("load"));
  }

  /** The server answers `status` with `body` as JSON. */
  respond(status: number, body: unknown): void {
    this.status = status;
    this.responseText = body === undefined ? "" : JSON.stringify(body);
    this.dispatchEvent(new Event("load"));
  }

  /** The connection fails before an answer (what the browser reports as an "error" event). */
  failNetwork(): void {
    this.dispatchEvent(new Event("error"));
  }
}

/** Replaces XMLHttpRequest until `vi.unstubAllGlobals()`; the returned list holds every request sent. */
export function installFakeUploadRequests(): FakeUploadRequest[] {
  const sent: FakeUploadRequest[] = [];
  vi.stubGlobal(
    "XMLHttpRequest",
    class extends FakeUploadRequest {
      constructor() {
        super(sent);
      }
    },
  );
  return sent;
}
