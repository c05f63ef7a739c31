import { Socket } from "node:net";
import { Duplex } from "node:stream";

/** The most a server may send during one connection test; a version and 200 table names need a few KiB. */
export const PROBE_MAX_BYTES_READ = 2 * 1024 * 1024;

export interface ProbeSocketOptions {
  /** Destroys the socket when aborted (the test's deadline). */
  signal: AbortSignal;
  maxBytesRead: number;
  /** Called once when the server has sent more than maxBytesRead; the socket is then destroyed. */
  onTooMuchData: () => void;
}

/**
 * The TCP connection a database driver is given for a test, with two bounds the drivers lack:
 * it is destroyed when the test is aborted, and once the server has sent more than a test needs
 * (a hostile server could otherwise stream without end into a driver's buffers). It is a plain
 * Duplex around the real socket, so TLS started on it reads through it too: given a net.Socket,
 * TLS takes over its handle and nothing would be counted after the handshake.
 */
export class ProbeSocket extends Duplex {
  readonly #socket = new Socket();
  #bytesRead = 0;

  constructor(options: ProbeSocketOptions) {
    super({ allowHalfOpen: false });
    const socket = this.#socket;
    socket.on("connect", () => this.emit("connect"));
    socket.on("data", (chunk: Buffer) => {
      this.#bytesRead += chunk.length;
      if (this.#bytesRead > options.maxBytesRead) {
        options.onTooMuchData();
        this.destroy();
      } else if (!this.push(chunk)) {
        socket.pause();
      }
    });
    socket.on("end", () => this.push(null));
    socket.on("error", (error) => this.destroy(error));
    socket.on("close", () => {
      if (!this.destroyed) this.push(null);
    });

    const { signal } = options;
    const onAbort = () => this.destroy();
    if (signal.aborted) {
      process.nextTick(onAbort);
    } else {
      signal.addEventListener("abort", onAbort, { once: true });
      this.once("close", () => signal.removeEventListener("abort", onAbort));
    }
  }

  /** As net.Socket's, for the drivers that open the socket themselves. */
  connect(port: number, host: string): this {
    if (!this.destroyed) this.#socket.connect({ port, host });
    return this;
  }

  setNoDelay(noDelay?: boolean): this {
    this.#socket.setNoDelay(noDelay);
    return this;
  }

  setKeepAlive(enable?: boolean, initialDelay?: number): this {
    this.#socket.setKeepAlive(enable, initialDelay);
    return this;
  }

  override _read(): void {
    this.#socket.resume();
  }

  override _write(chunk: Buffer, encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.#socket.write(chunk, encoding, callback);
  }

  override _final(callback: (error?: Error | null) => void): void {
    if (this.#socket.destroyed || this.#socket.writableEnded) callback();
    else this.#socket.end(() => callback());
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.#socket.destroy();
    callback(error);
  }
}
