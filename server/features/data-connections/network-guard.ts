import { lookup } from "node:dns/promises";
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
  ["64:ff9b:1::", 48], // local-use NAT64
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["fec0::", 10], // site-local (deprecated)
  ["ff00::", 8], // multicast
];
for (const [network, prefix] of IPV4_BLOCKED) BLOCKED.addSubnet(network, prefix, "ipv4");
for (const [network, prefix] of IPV6_BLOCKED) BLOCKED.addSubnet(network, prefix, "ipv6");

/** True for loopback, private, link-local, CGNAT, unspecified, multicast and reserved addresses (IPv4-mapped forms too). */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/%.*$/, "");
  const family = isIP(bare);
  if (family === 4) return BLOCKED.check(bare, "ipv4");
  // IPv4 rules of a BlockList also match the IPv4-mapped IPv6 forms (::ffff:10.0.0.1, ::ffff:a00:1).
  if (family === 6) return BLOCKED.check(bare, "ipv6");
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

/**
 * Resolves the host and checks every address it has (one private address is enough to refuse:
 * which one a client would pick is not ours to predict). IPv4 is preferred, as most servers
 * listen there. DNS errors are thrown as they are, for the caller to put in words.
 */
export async function resolveConnectionTarget(host: string, options: { allowPrivateNetworks: boolean }): Promise<ConnectionTarget> {
  const addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await lookup(host, { all: true, verbatim: true });
  if (addresses.length === 0) throw Object.assign(new Error(`no address for ${host}`), { code: "ENOTFOUND" });
  if (!options.allowPrivateNetworks && addresses.some((entry) => isPrivateAddress(entry.address))) {
    throw new ConnectionTestFailure(privateNetworkMessage(host));
  }
  const chosen = addresses.find((entry) => entry.family === 4) ?? addresses[0];
  return { host, address: chosen?.address ?? host };
}
