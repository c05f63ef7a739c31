import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** Runs one parameterised statement and returns its rows: `pg.Pool#query` or `PGlite#query`. */
export type RunQuery = (text: string, params: unknown[]) => Promise<Record<string, unknown>[]>;

const SESSION_COOKIE = "better-auth.session_token";

// The same statements the stack fundamentally needs for GET /api/organization.
const SELECT_SESSION = "select s.user_id, s.expires_at from sessions s where s.token = $1";
const SELECT_PROFILE = "select p.organization_id from profiles p where p.id = $1";
const SELECT_ORGANIZATION = "select id, organization_name, time_zone from organizations where id = $1";

/** The session token in a Cookie header: the signed value is `<token>.<signature>`, URL-encoded. */
export function sessionTokenFrom(cookieHeader: string | undefined): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0 || part.slice(0, eq).trim() !== SESSION_COOKIE) continue;
    const value = decodeURIComponent(part.slice(eq + 1).trim());
    const dot = value.indexOf(".");
    return dot < 0 ? value : value.slice(0, dot);
  }
  return undefined;
}

function send(res: ServerResponse, status: number, body: string) {
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
  res.end(body);
}

function errorJson(code: string, message: string): string {
  return JSON.stringify({ error: { code, message } });
}

/**
 * What an authenticated read of the acting organization needs at the least: the session by
 * token, the caller's profile, the organization, answered as the same JSON as the portal's
 * route. The signature of the cookie is not checked: this is the "same SQL, nothing else" bar.
 */
async function answer(runQuery: RunQuery, req: IncomingMessage, res: ServerResponse) {
  if (req.method !== "GET" || req.url?.split("?")[0] !== "/api/organization") {
    return send(res, 404, errorJson("not_found", "Not found"));
  }
  const token = sessionTokenFrom(req.headers.cookie);
  if (!token) return send(res, 401, errorJson("unauthenticated", "Sign in to continue"));
  const [session] = await runQuery(SELECT_SESSION, [token]);
  if (!session || new Date(session.expires_at as string | Date).getTime() <= Date.now()) {
    return send(res, 401, errorJson("unauthenticated", "Sign in to continue"));
  }
  const [profile] = await runQuery(SELECT_PROFILE, [session.user_id]);
  if (!profile?.organization_id) {
    return send(res, 403, errorJson("no_organization", "Your account is not part of an organization yet"));
  }
  const [organization] = await runQuery(SELECT_ORGANIZATION, [profile.organization_id]);
  if (!organization) return send(res, 404, errorJson("not_found", "Organization not found"));
  const name = organization.organization_name as string;
  // Same keys in the same order as the portal's presentOrganization, so the bodies compare byte for byte.
  send(res, 200, JSON.stringify({ id: organization.id, organization_name: name, display_name: name, time_zone: organization.time_zone }));
}

export interface BaselineServer {
  url: string;
  close(): Promise<void>;
}

/** A bare node:http server on 127.0.0.1 (random port) answering GET /api/organization. */
export async function startBaselineServer(runQuery: RunQuery): Promise<BaselineServer> {
  const server: Server = createServer((req, res) => {
    answer(runQuery, req, res).catch((error: unknown) => {
      if (!res.headersSent) send(res, 500, errorJson("internal", (error as Error).message));
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
