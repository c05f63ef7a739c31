import { describe, expect, it } from "vitest";
import { buildConfig, parseEnv } from "#server/env";
import { createLogger } from "#server/lib/logger";
import { createRuntime } from "#server/runtime";
import { TEST_PASSWORD, buildMemberOrganization, randomIp } from "#tests/factories";
import { TEST_ORIGIN, openTestDatabase } from "#tests/test-runtime";

describe("the addresses the portal is opened at", () => {
  it("without PUBLIC_URL, accepts sign-in from every loopback name of its port, and names the address to use for another", async () => {
    const database = await openTestDatabase();
    // TRUSTED_ORIGINS lets the test factories (which send TEST_ORIGIN) build the organization.
    const config = buildConfig(parseEnv({ NODE_ENV: "test", LOG_LEVEL: "silent", PORT: "3999", TRUST_PROXY: "true", TRUSTED_ORIGINS: TEST_ORIGIN }));
    const warnings: string[] = [];
    const logger = createLogger("warn", { write: (line: string) => void warnings.push(line) });
    const local = await createRuntime(config, database, logger);
    try {
      const { member } = await buildMemberOrganization(local);
      const signInFrom = (origin: string) =>
        local.app.request("/api/auth/sign-in/email", {
          method: "POST",
          headers: { "content-type": "application/json", origin, "x-forwarded-for": randomIp() },
          body: JSON.stringify({ email: member.email, password: TEST_PASSWORD }),
        });
      for (const origin of ["http://localhost:3999", "http://127.0.0.1:3999", "http://[::1]:3999"]) {
        expect((await signInFrom(origin)).status, origin).toBe(200);
      }
      const refused = await signInFrom("http://10.0.0.5:3999");
      expect(refused.status).toBe(403);
      expect(await refused.json()).toEqual({
        error: {
          code: "forbidden",
          message:
            "This portal does not accept requests from http://10.0.0.5:3999. Open it at http://localhost:3999, or ask the operator to add http://10.0.0.5:3999 to TRUSTED_ORIGINS (or set PUBLIC_URL).",
        },
      });
      expect(warnings.some((line) => line.includes('"origin":"http://10.0.0.5:3999"'))).toBe(true);
      // Another port of this machine is another site.
      expect((await signInFrom("http://localhost:4000")).status).toBe(403);
    } finally {
      await local.close();
    }
  });

  it("with PUBLIC_URL, accepts only its origin and TRUSTED_ORIGINS", () => {
    const config = buildConfig(parseEnv({ NODE_ENV: "test", PORT: "3999", PUBLIC_URL: "https://portal.example/", TRUSTED_ORIGINS: "https://admin.example" }));
    expect(config.trustedOrigins).toEqual(["https://portal.example", "https://admin.example"]);
  });
});
