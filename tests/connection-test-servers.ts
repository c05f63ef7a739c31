import { createSocket } from "node:dgram";
import { createServer, type Server, type Socket } from "node:net";

/**
 * Servers on 127.0.0.1 that data-connection tests point a connection at: one that never answers,
 * one that answers without end, a DNS server with made-up records, and a port nobody listens on.
 */

export interface LocalServer {
  port: number;
  /** Connections accepted so far. */
  connections: () => number;
  /** Resolves once `count` connections have been accepted. */
  accepted: (count: number) => Promise<void>;
  /** Resolves once the server has accepted a connection and every connection it accepted is closed. */
  allClosed: () => Promise<void>;
  /** Closes the connections the server holds now (the client sees the server hang up). */
  dropConnections: () => void;
  close: () => Promise<void>;
}

/** A TCP server on 127.0.0.1 that runs `onConnection` for each client and keeps count of them. */
async function startLocalServer(onConnection: (socket: Socket) => void): Promise<LocalServer> {
  const sockets = new Set<Socket>();
  let count = 0;
  let waiters: (() => void)[] = [];
  let counters: { count: number; resolve: () => void }[] = [];
  const settle = () => {
    if (count > 0 && sockets.size === 0) for (const resolve of waiters.splice(0)) resolve();
    for (const counter of counters.filter((entry) => count >= entry.count)) counter.resolve();
    counters = counters.filter((entry) => count < entry.count);
  };
  const server: Server = createServer((socket) => {
    count += 1;
    sockets.add(socket);
    settle();
    socket.on("error", () => undefined);
    socket.on("close", () => {
      sockets.delete(socket);
      settle();
    });
    // What the client sends is read and dropped: unread bytes would hold back the client's hang-up.
    socket.resume();
    onConnection(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("the local server has no port");
  return {
    port: address.port,
    connections: () => count,
    accepted: (wanted: number) =>
      new Promise<void>((resolve) => {
        counters.push({ count: wanted, resolve });
        settle();
      }),
    allClosed: () =>
      new Promise<void>((resolve) => {
        waiters.push(resolve);
        settle();
      }),
    dropConnections: () => {
      for (const socket of sockets) socket.destroy();
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      waiters = [];
      counters = [];
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A TCP server on 127.0.0.1 that accepts and never answers. */
export function startSilentServer(): Promise<LocalServer> {
  return startLocalServer(() => undefined);
}

/** A TCP server on 127.0.0.1 that answers every client with an endless stream of "x", as fast as it is read. */
export function startFloodServer(): Promise<LocalServer> {
  const chunk = Buffer.alloc(64 * 1024, "x");
  return startLocalServer((socket) => {
    const pour = () => {
      while (!socket.destroyed && socket.write(chunk));
    };
    socket.on("drain", pour);
    pour();
  });
}

/** What the test DNS server knows of a name: its addresses, or "silent" for a name it never answers. */
export type DnsRecords = Record<string, { a?: string[]; aaaa?: string[] } | "silent">;

function ipv6Bytes(address: string): number[] {
  const [head = "", tail = ""] = address.split("::");
  const groups = (text: string) => (text ? text.split(":").map((group) => Number.parseInt(group, 16)) : []);
  const known = [...groups(head), ...groups(tail)];
  const all = address.includes("::") ? [...groups(head), ...Array<number>(8 - known.length).fill(0), ...groups(tail)] : known;
  return all.flatMap((group) => [group >> 8, group & 0xff]);
}

/**
 * A DNS server on 127.0.0.1 (UDP) answering A and AAAA questions from `records`; other names
 * are answered "no such name". For the lookups that must not read /etc/hosts.
 */
export async function startDnsServer(records: DnsRecords): Promise<{ server: string; close: () => Promise<void> }> {
  const socket = createSocket("udp4");
  socket.on("message", (query, peer) => {
    let offset = 12;
    const labels: string[] = [];
    while (offset < query.length && query[offset] !== 0) {
      const length = query[offset] ?? 0;
      labels.push(query.subarray(offset + 1, offset + 1 + length).toString("ascii"));
      offset += 1 + length;
    }
    const questionEnd = offset + 5;
    const type = query.readUInt16BE(offset + 1);
    const known = records[labels.join(".").toLowerCase()];
    if (known === "silent") return;
    const addresses = known === undefined ? [] : type === 1 ? (known.a ?? []) : type === 28 ? (known.aaaa ?? []) : [];
    const answers = addresses.map((address) => {
      const data = type === 1 ? address.split(".").map(Number) : ipv6Bytes(address);
      return Buffer.from([0xc0, 0x0c, 0, type, 0, 1, 0, 0, 0, 60, 0, data.length, ...data]);
    });
    const header = Buffer.from([query[0] ?? 0, query[1] ?? 0, 0x81, known === undefined ? 0x83 : 0x80, 0, 1, 0, answers.length, 0, 0, 0, 0]);
    socket.send(Buffer.concat([header, query.subarray(12, questionEnd), ...answers]), peer.port, peer.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, "127.0.0.1", resolve));
  return {
    server: `127.0.0.1:${socket.address().port}`,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}

/** A port on 127.0.0.1 nothing listens on (it was free a moment ago). */
export async function findFreePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === "string") throw new Error("no free port");
  return address.port;
}
