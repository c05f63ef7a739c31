import { describe, expect, it } from "vitest";
import { startSilentServer } from "#tests/data-connection-helpers";
import { requireDataSource } from "#common/domain/data-sources";
import { runConnectionTest } from "./connection-test.service.ts";
import { isPrivateAddress, privateNetworkMessage, resolveConnectionTarget } from "./network-guard.ts";

/** Which addresses a connection test may reach while DATA_CONNECTION_ALLOW_PRIVATE_NETWORKS is off. */

describe("isPrivateAddress", () => {
  it.each([
    "127.0.0.1", "127.255.0.9", "10.1.2.3", "172.16.0.1", "172.31.255.255", "192.168.1.10", "169.254.169.254", "100.64.0.1",
    "100.127.255.254", "0.0.0.0", "224.0.0.1", "239.255.255.250", "255.255.255.255", "::", "::1", "fd00::1", "fc12:3456::1",
    "fe80::1", "fe80::1%eth0", "ff02::1", "::ffff:127.0.0.1", "::ffff:10.0.0.1", "::ffff:a9fe:a9fe", "::ffff:192.168.0.1",
  ])("refuses %s", (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each(["8.8.8.8", "1.1.1.1", "172.32.0.1", "100.128.0.1", "192.169.0.1", "2001:4860:4860::8888", "2606:4700::1111", "::ffff:8.8.8.8"])(
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
    for (const host of ["localhost", "127.0.0.1", "::1", "10.0.0.7"]) {
      await expect(resolveConnectionTarget(host, { allowPrivateNetworks: false })).rejects.toThrow(privateNetworkMessage(host));
    }
  });

  it("connects to the address it checked, the name kept for messages and TLS", async () => {
    expect(await resolveConnectionTarget("localhost", { allowPrivateNetworks: true })).toEqual({ host: "localhost", address: expect.stringMatching(/^(127\.0\.0\.1|::1)$/) });
    expect(await resolveConnectionTarget("8.8.8.8", { allowPrivateNetworks: false })).toEqual({ host: "8.8.8.8", address: "8.8.8.8" });
  });

  it("passes a lookup failure on for the caller to put in words", async () => {
    await expect(resolveConnectionTarget("no-such-host.invalid", { allowPrivateNetworks: false })).rejects.toMatchObject({ code: "ENOTFOUND" });
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
