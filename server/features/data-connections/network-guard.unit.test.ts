import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DnsRecords, startDnsServer, startSilentServer } from "#tests/connection-test-servers";
import { requireDataSource } from "#common/domain/data-sources";
import { runConnectionTest } from "./connection-test.service.ts";
import { isPrivateAddress, privateNetworkMessage, resolveConnectionTarget } from "./network-guard.ts";

/** Which addresses a connection test may reach while DATA_CONNECTION_ALLOW_PRIVATE_NETWORKS is off. */

describe("isPrivateAddress", () => {
  it.each([
    "127.0.0.1", "127.255.0.9", "10.1.2.3", "172.16.0.1", "172.31.255.255", "192.168.1.10", "169.254.169.254", "100.64.0.1",
    "100.127.255.254", "0.0.0.0", "224.0.0.1", "239.255.255.250", "255.255.255.255", "::", "::1", "fd00::1", "fc12:3456::1",
    "fe80::1", "fe80::1%eth0", "ff02::1", "::ffff:127.0.0.1", "::ffff:10.0.0.1", "::ffff:a9fe:a9fe", "::ffff:192.168.0.1",
    // NAT64 and 6to4 lead to the IPv4 address they carry; local-use NAT64 stays inside the operator's network.
    "64:ff9b::10.0.0.1", "64:ff9b::a00:1", "64:ff9b::7f00:1", "64:ff9b::a9fe:a9fe", "64:ff9b:0:0:0:0:c0a8:101", "64:ff9b:1::808:808",
    "2002:a00:1::", "2002:7f00:1::1", "2002:c0a8:101:1::5", "2002:a9fe:a9fe::",
  ])("refuses %s", (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each([
    "8.8.8.8", "1.1.1.1", "172.32.0.1", "100.128.0.1", "192.169.0.1", "2001:4860:4860::8888", "2606:4700::1111", "::ffff:8.8.8.8",
    "64:ff9b::8.8.8.8", "64:ff9b::808:808", "2002:808:808::1",
  ])(
    "allows %s",
    (address) => {
      expect(isPrivateAddress(address)).toBe(false);
    },
  );

  it("treats anything that is not an address as refused", () => {
    expect(isPrivateAddress("db.example.com")).toBe(true);
  });
});

describe("resolveConnectionTarget", () => {
  it("refuses names that resolve to a local address, and literal private addresses", async () => {
    for (const host of ["localhost", "db.localhost", "LOCALHOST.", "127.0.0.1", "::1", "10.0.0.7", "64:ff9b::a00:7"]) {
      await expect(resolveConnectionTarget(host, { allowPrivateNetworks: false })).rejects.toThrow(privateNetworkMessage(host));
    }
  });

  it("connects to the address it checked, the name kept for messages and TLS", async () => {
    expect(await resolveConnectionTarget("localhost", { allowPrivateNetworks: true })).toEqual({ host: "localhost", address: expect.stringMatching(/^(127\.0\.0\.1|::1)$/) });
    expect(await resolveConnectionTarget("8.8.8.8", { allowPrivateNetworks: false })).toEqual({ host: "8.8.8.8", address: "8.8.8.8" });
  });

  it("passes a lookup failure on with getaddrinfo's codes, for the caller to put in words", async () => {
    await expect(resolveConnectionTarget("no-such-host.invalid", { allowPrivateNetworks: true })).rejects.toMatchObject({ code: "ENOTFOUND" });
    // Through public DNS: "not found", or "no answer" where no DNS server can be reached at all.
    const failure = await resolveConnectionTarget("no-such-host.invalid", { allowPrivateNetworks: false }).catch((error: unknown) => error);
    expect(["ENOTFOUND", "EAI_AGAIN"]).toContain((failure as { code?: unknown }).code);
  });
});

describe("resolveConnectionTarget through DNS (private networks off)", () => {
  const records: DnsRecords = {
    "public.test": { a: ["93.184.215.14"], aaaa: ["2606:2800:21f:cb07:6820:80da:af6b:8b2c"] },
    "private.test": { a: ["10.0.0.7"] },
    "mixed.test": { a: ["93.184.215.14"], aaaa: ["fd00::7"] },
    "nat64.test": { aaaa: ["64:ff9b::a9fe:a9fe"] },
    "silent.test": "silent",
  };
  let dns: Awaited<ReturnType<typeof startDnsServer>>;
  beforeAll(async () => {
    dns = await startDnsServer(records);
  });
  afterAll(async () => {
    await dns.close();
  });
  const options = () => ({ allowPrivateNetworks: false, dnsServers: [dns.server] });

  it("connects to a public name's IPv4 address", async () => {
    expect(await resolveConnectionTarget("public.test", options())).toEqual({ host: "public.test", address: "93.184.215.14" });
  });

  it("refuses a name with any private address, IPv4 or IPv6, also behind NAT64", async () => {
    for (const host of ["private.test", "mixed.test", "nat64.test"]) {
      await expect(resolveConnectionTarget(host, options())).rejects.toThrow(privateNetworkMessage(host));
    }
  });

  it("says not found for an unknown name, and no answer when DNS stays silent or the test is abandoned", async () => {
    await expect(resolveConnectionTarget("unknown.test", options())).rejects.toMatchObject({ code: "ENOTFOUND" });
    const controller = new AbortController();
    const pending = resolveConnectionTarget("silent.test", { ...options(), signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ code: "EAI_AGAIN" });
  });
});

describe("a test towards a private address", () => {
  it.each(["postgresql", "mysql"] as const)("fails for %s before any socket is opened", async (sourceId) => {
    const server = await startSilentServer();
    try {
      const config = { host: "127.0.0.1", port: server.port, database: "erp", username: "reader", password: "pw", use_ssl: false };
      const result = await runConnectionTest(requireDataSource(sourceId), config, { allowPrivateNetworks: false, timeoutMs: 500 });
      expect(result).toEqual({ outcome: "failed", message: privateNetworkMessage("127.0.0.1"), duration_ms: expect.any(Number) });
      expect(server.connections()).toBe(0);
    } finally {
      await server.close();
    }
  });
});
