import { expect } from "vitest";
import type { CreateConnectionResult, DataConnection, DataConnectionList } from "#common/contracts/data-connections";
import type { DataSourceId } from "#common/domain/data-sources";
import type { Runtime } from "#server/runtime";
import { hostedConfig } from "#tests/data-connection-test-kit";
import { call } from "#tests/factories";
import type { CallerKind, Expected, MatrixEntry, RouteCall, World } from "#tests/tenant-matrix-rows";
import { fixture } from "#tests/tenant-matrix-fixture";

/**
 * Tenant-matrix rows of the data-connection routes, merged into the matrix by
 * tests/tenant-matrix-rows.ts. Types only come from there, so neither module needs the other at
 * load time. The routes are behind A's NDA, so each row's setup signs it first. Connection names
 * and secrets count as A's data; the secrets must not reach even A's own callers.
 */

const ORGANIZATION: Expected = { anonymous: 401, memberA: 200, employeeNamingA: 200, memberBNamingA: 404 };
const CREATED_IN_A: Expected = { ...ORGANIZATION, memberA: 201, employeeNamingA: 201 };

const get = (path: string) => (): RouteCall => ({ method: "GET", path });
/** Each caller creates a connection to a source of its own, so both insiders make a new one (201). */
const SOURCE_OF: Record<CallerKind, DataSourceId> = { anonymous: "sage-50", memberA: "xero", employeeNamingA: "netsuite", memberBNamingA: "sage-intacct" };

export function connectionMatrixRows(runtime: () => Runtime): Record<string, MatrixEntry> {
  async function signNdaForA(world: World): Promise<void> {
    const response = await call(runtime(), "/api/nda/sign", { method: "POST", as: world.memberA, body: { full_name: `Signer ${world.tag}`, title: "CFO", agreed: true } });
    expect(response.status).toBe(201);
    world.secretsOfA.push(`Signer ${world.tag}`);
  }

  /** A's name and secret for a connection: both are A's data. */
  function connectionBody(world: World, source: DataSourceId, label: string) {
    const name = `${label} ${world.tag}`;
    const secret = `secret-${label.replace(/\W+/g, "-")}-${world.tag}`;
    world.secretsOfA.push(name, secret);
    world.fixtures[`secret:${source}`] = secret;
    return { data_source_id: source, name, connection_config: hostedConfig(source, secret) };
  }

  /** Signs A's NDA and has member A create a connection to `source`, kept as fixture `name`. */
  async function createConnectionForA(world: World, source: DataSourceId = "xero", name = "connectionId"): Promise<void> {
    if (!world.fixtures.ndaSigned) {
      await signNdaForA(world);
      world.fixtures.ndaSigned = "yes";
    }
    const response = await call(runtime(), "/api/data-connections", { method: "POST", as: world.memberA, body: connectionBody(world, source, `Connection ${name}`) });
    expect(response.status).toBe(201);
    world.fixtures[name] = ((await response.json()) as CreateConnectionResult).connection.id;
  }

  async function connectionsOfA(world: World): Promise<DataConnection[]> {
    const response = await call(runtime(), "/api/data-connections", { as: world.memberA });
    expect(response.status).toBe(200);
    return ((await response.json()) as DataConnectionList).connections;
  }

  /** No answer to anyone carries a stored secret. */
  const withoutSecrets = (body: unknown, world: World) => {
    const text = JSON.stringify(body);
    for (const [key, secret] of Object.entries(world.fixtures)) if (key.startsWith("secret:")) expect(text).not.toContain(secret);
  };

  const onePath = (world: World, name = "connectionId") => `/api/data-connections/${fixture(world, name)}`;

  return {
    listDataConnections: {
      setup: (world) => createConnectionForA(world),
      call: get("/api/data-connections"),
      expect: ORGANIZATION,
      check: (_caller, body, world) => {
        const connections = (body as DataConnectionList).connections;
        expect(connections.map((connection) => [connection.id, connection.organization_id])).toEqual([[fixture(world, "connectionId"), world.orgA.id]]);
        withoutSecrets(body, world);
      },
    },
    getDataConnection: {
      setup: (world) => createConnectionForA(world),
      call: (_caller, world) => ({ method: "GET", path: onePath(world) }),
      expect: ORGANIZATION,
      check: (_caller, body, world) => {
        expect(body).toMatchObject({ id: fixture(world, "connectionId"), organization_id: world.orgA.id, secrets_set: ["client_secret"] });
        withoutSecrets(body, world);
      },
    },
    createDataConnection: {
      setup: signNdaForA,
      call: (caller, world) => ({ method: "POST", path: "/api/data-connections", body: connectionBody(world, SOURCE_OF[caller], `Created by ${caller}`) }),
      expect: CREATED_IN_A,
      check: (caller, body, world) => {
        expect(body).toMatchObject({ created: true, connection: { organization_id: world.orgA.id, data_source_id: SOURCE_OF[caller], name: `Created by ${caller} ${world.tag}` } });
        withoutSecrets(body, world);
      },
      verify: async (world) => {
        const names = (await connectionsOfA(world)).map((connection) => connection.name);
        expect(names.sort()).toEqual([`Created by employeeNamingA ${world.tag}`, `Created by memberA ${world.tag}`]);
      },
    },
    updateDataConnection: {
      setup: (world) => createConnectionForA(world),
      call: (caller, world) => {
        const name = `Renamed by ${caller} ${world.tag}`;
        world.secretsOfA.push(name);
        const { client_secret: _kept, ...config } = hostedConfig("xero");
        return { method: "PUT", path: onePath(world), body: { name, connection_config: config } };
      },
      expect: ORGANIZATION,
      check: (caller, body, world) => {
        expect(body).toMatchObject({ id: fixture(world, "connectionId"), name: `Renamed by ${caller} ${world.tag}`, secrets_set: ["client_secret"] });
        withoutSecrets(body, world);
      },
      verify: async (world) => expect((await connectionsOfA(world)).map((connection) => connection.name)).toEqual([`Renamed by employeeNamingA ${world.tag}`]),
    },
    deleteDataConnection: {
      // One connection for each insider to delete, and one the outsiders aim at, which must survive.
      setup: async (world) => {
        await createConnectionForA(world, "xero", "forMemberA");
        await createConnectionForA(world, "netsuite", "forEmployee");
        await createConnectionForA(world, "dynamics-gp", "survivor");
      },
      call: (caller, world) => {
        const target = caller === "memberA" ? "forMemberA" : caller === "employeeNamingA" ? "forEmployee" : "survivor";
        return { method: "DELETE", path: onePath(world, target) };
      },
      expect: ORGANIZATION,
      check: (caller, body, world) => expect(body).toEqual({ deleted_id: fixture(world, caller === "memberA" ? "forMemberA" : "forEmployee") }),
      verify: async (world) => expect((await connectionsOfA(world)).map((connection) => connection.id)).toEqual([fixture(world, "survivor")]),
    },
    testDataConnection: {
      // A's saved connection fills its stored secret: only A's callers may use it.
      setup: (world) => createConnectionForA(world),
      call: (_caller, world) => {
        const { client_secret: _stored, ...config } = hostedConfig("xero");
        return { method: "POST", path: "/api/data-connections/test", body: { data_source_id: "xero", connection_id: fixture(world, "connectionId"), connection_config: config } };
      },
      expect: ORGANIZATION,
      check: (_caller, body, world) => {
        expect(body).toMatchObject({ outcome: "deferred" });
        withoutSecrets(body, world);
      },
    },
  };
}
