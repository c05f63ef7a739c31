import { Resolver, lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";
import { ConnectionTestFailure } from "./connection-failures.ts";

/**
 * Where a connection test may go. Without DATA_CONNECTION_ALLOW_PRIVATE_NETWORKS only public
 * addresses: a customer's host name must not let the portal reach its own network (the
 * database beside it, cloud metadata services, other tenants' internal hosts). The host is
 * resolved once here and the client connects to that address, so a second lookup cannot answer
 * differently (DNS rebinding).
 */

const BLOCKED = new BlockList();
const IPV4_BLOCKED: [string, number][] = [
  ["0.0.0.0", 8], // "this network", unspecified
  ["10.0.0.0", 8], // RFC 1918
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local, cloud metadata
  ["172.16.0.0", 12], // RFC 1918
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.168.0.0", 16], // RFC 1918
  ["198.18.0.0", 15], // benchmarking
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
];
const IPV6_BLOCKED: [string, number][] = [
  ["::", 96], // unspecified, loopback and the deprecated IPv4-compatible forms
  ["64:ff9b:1::", 48], // local-use NAT64: translates into the operator's own network
  ["100::", 64], // discard-only
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["fec0::", 10], // site-local (deprecated)
  ["ff00::", 8], // multicast
];
for (const [network, prefix] of IPV4_BLOCKED) BLOCKED.addSubnet(network, prefix, "ipv4");
for (const [network, prefix] of IPV6_BLOCKED) BLOCKED.addSubnet(network, prefix, "ipv6");

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 part included); null if it is not one. */
function ipv6Groups(address: string): number[] | null {
  let text = address;
  const dotted = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(address);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${address.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const parse = (part: string | undefined) => (part ? part.split(":").map((group) => Number.parseInt(group, 16)) : []);
  const head = parse(halves[0]);
  const rest = parse(halves[1]);
  const groups = halves.length === 2 ? [...head, ...Array<number>(Math.max(0, 8 - head.length - rest.length)).fill(0), ...rest] : head;
  return groups.length === 8 && groups.every((group) => Number.isInteger(group) && group >= 0 && group <= 0xffff) ? groups : null;
}

const ipv4Of = (high: number, low: number) => `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;

/**
 * The IPv4 address a translating IPv6 address leads to: NAT64's well-known prefix 64:ff9b::/96
 * carries it in its last 32 bits, 6to4 (2002::/16) in bits 16 to 47. Undefined for other addresses.
 */
function embeddedIpv4(address: string): string | undefined {
  const groups = ipv6Groups(address);
  if (!groups) return undefined;
  const [g0, g1, g2, g3, g4, g5, g6, g7] = groups as [number, number, number, number, number, number, number, number];
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return ipv4Of(g6, g7);
  if (g0 === 0x2002) return ipv4Of(g1, g2);
  return undefined;
}

/**
 * True for loopback, private, link-local, CGNAT, unspecified, multicast and reserved addresses,
 * also reached through IPv4-mapped, NAT64 or 6to4 forms.
 */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/%.*$/, "");
  const family = isIP(bare);
  if (family === 4) return BLOCKED.check(bare, "ipv4");
  if (family === 6) {
    // IPv4 rules of a BlockList also match the IPv4-mapped IPv6 forms (::ffff:10.0.0.1, ::ffff:a00:1).
    if (BLOCKED.check(bare, "ipv6")) return true;
    const translated = embeddedIpv4(bare);
    return translated !== undefined && BLOCKED.check(translated, "ipv4");
  }
  return true;
}

export function privateNetworkMessage(host: string): string {
  return `${host} is a private or local network address. Connections to those are turned off on this portal (DATA_CONNECTION_ALLOW_PRIVATE_NETWORKS).`;
}

export interface ConnectionTarget {
  /** The name the user gave: for messages and as the TLS server name. */
  host: string;
  /** The address the client connects to. */
  address: string;
}

export interface TargetOptions {
  allowPrivateNetworks: boolean;
  /** Aborting cancels a lookup still running. */
  signal?: AbortSignal;
  /** The DNS servers to ask for public names ("address" or "address:port"); the system's when absent. */
  dnsServers?: readonly string[];
}

interface ResolvedAddress {
  address: string;
  family: number;
}

/** How long one DNS query may take, and how often it is sent, before the name counts as not answering. */
const DNS_QUERY_TIMEOUT_MS = 2_000;
const DNS_TRIES = 2;

// c-ares' answers that mean the name has no address; any other failure means DNS did not answer.
const NO_SUCH_NAME = new Set(["ENOTFOUND", "ENODATA", "ENONAME", "EBADNAME"]);

function lookupError(code: "ENOTFOUND" | "EAI_AGAIN", host: string): Error {
  return Object.assign(new Error(`${code === "ENOTFOUND" ? "no address" : "no answer"} for ${host}`), { code });
}

/**
 * Public DNS only, through c-ares rather than getaddrinfo: its queries do not take a thread of
 * libuv's small pool (a slow DNS server would stall the portal's file work), they time out, and
 * they can be cancelled. /etc/hosts is not read, which suits a lookup that must find public names.
 */
async function resolvePublicName(host: string, options: TargetOptions): Promise<ResolvedAddress[]> {
  const { signal } = options;
  const resolver = new Resolver({ timeout: DNS_QUERY_TIMEOUT_MS, tries: DNS_TRIES });
  if (options.dnsServers) resolver.setServers([...options.dnsServers]);
  const cancel = () => resolver.cancel();
  signal?.addEventListener("abort", cancel, { once: true });
  try {
    const [v4, v6] = await Promise.allSettled([resolver.resolve4(host), resolver.resolve6(host)]);
    const addresses = [
      ...(v4.status === "fulfilled" ? v4.value.map((address) => ({ address, family: 4 })) : []),
      ...(v6.status === "fulfilled" ? v6.value.map((address) => ({ address, family: 6 })) : []),
    ];
    if (addresses.length > 0) return addresses;
    const codes = [v4, v6].flatMap((result) => (result.status === "rejected" ? [String((result.reason as { code?: unknown }).code)] : []));
    throw lookupError(codes.every((code) => NO_SUCH_NAME.has(code)) ? "ENOTFOUND" : "EAI_AGAIN", host);
  } finally {
    signal?.removeEventListener("abort", cancel);
  }
}

/** "localhost" and its subdomains are loopback by definition (RFC 6761), whatever DNS says. */
const isLocalhostName = (host: string) => /(^|\.)localhost\.?$/i.test(host);

/**
 * Resolves the host and checks every address it has (one private address is enough to refuse:
 * which one a client would pick is not ours to predict). IPv4 is preferred, as most servers
 * listen there. DNS errors are thrown with getaddrinfo's codes, for the caller to put in words.
 * With private networks allowed the system's resolver is used, so names from /etc/hosts work.
 */
export async function resolveConnectionTarget(host: string, options: TargetOptions): Promise<ConnectionTarget> {
  const family = isIP(host);
  let addresses: ResolvedAddress[];
  if (family !== 0) {
    addresses = [{ address: host, family }];
  } else if (options.allowPrivateNetworks) {
    addresses = await lookup(host, { all: true, verbatim: true });
  } else {
    if (isLocalhostName(host)) throw new ConnectionTestFailure(privateNetworkMessage(host));
    addresses = await resolvePublicName(host, options);
  }
  if (addresses.length === 0) throw lookupError("ENOTFOUND", host);
  if (!options.allowPrivateNetworks && addresses.some((entry) => isPrivateAddress(entry.address))) {
    throw new ConnectionTestFailure(privateNetworkMessage(host));
  }
  const chosen = addresses.find((entry) => entry.family === 4) ?? addresses[0];
  return { host, address: chosen?.address ?? host };
}
