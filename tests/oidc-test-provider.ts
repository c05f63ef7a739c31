import { generateKeyPairSync, randomBytes, randomUUID } from "node:crypto";
import { type IncomingMessage, type Server, type ServerResponse, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import Provider, { type ProviderContext } from "oidc-provider";

export interface OidcTestAccount {
  sub: string;
  email: string;
  email_verified: boolean;
}

export interface OidcTestClient {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><main>${body}</main></body></html>`;
}

function loginPage(uid: string, error?: string): string {
  const alert = error ? `<p role="alert">${escapeHtml(error)}</p>` : "";
  return page(
    "Test SSO sign-in",
    `<h1>Test SSO</h1>${alert}<form method="post" action="/interaction/${escapeHtml(uid)}">` +
      `<label for="login">Email</label> <input id="login" name="login" type="text" autocomplete="off" required> ` +
      `<button type="submit">Continue</button></form>`,
  );
}

function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    let raw = "";
    request.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
    request.on("end", () => resolve(new URLSearchParams(raw)));
    request.on("error", reject);
  });
}

/**
 * A real OpenID Connect provider (oidc-provider) on a loopback port, for single sign-on tests:
 * one confidential client, accounts kept in memory, and a one-field sign-in page where a browser
 * types the account's email. Consent is implied (a first-party client), so the browser goes
 * straight back to the portal after signing in.
 */
export class OidcTestProvider {
  private readonly accounts = new Map<string, OidcTestAccount>();
  private server: Server | undefined;
  private issuerUrl: string | undefined;

  get issuer(): string {
    if (!this.issuerUrl) throw new Error("the OIDC test provider is not started");
    return this.issuerUrl;
  }

  /** Adds (or replaces) an account; `login` on the sign-in page is its email or its sub. */
  addAccount(account: Partial<OidcTestAccount> & { email: string }): OidcTestAccount {
    const stored = { sub: account.sub ?? randomUUID(), email: account.email, email_verified: account.email_verified ?? true };
    this.accounts.set(stored.sub, stored);
    return stored;
  }

  private findByLogin(login: string): OidcTestAccount | undefined {
    const wanted = login.trim().toLowerCase();
    return [...this.accounts.values()].find((account) => account.sub === login.trim() || account.email.toLowerCase() === wanted);
  }

  /** Listens on 127.0.0.1 (port 0: any free port); the issuer is http://localhost:<port>. */
  async start(client: OidcTestClient, port = 0): Promise<string> {
    const server = createServer();
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => resolve());
    });
    this.server = server;
    this.issuerUrl = `http://localhost:${(server.address() as AddressInfo).port}`;
    const provider = this.createProvider(this.issuerUrl, client);
    const handleOidc = provider.callback();
    server.on("request", (request: IncomingMessage, response: ServerResponse) => {
      const { pathname } = new URL(request.url ?? "/", this.issuerUrl);
      if (pathname === "/favicon.ico") {
        response.writeHead(204).end();
      } else if (pathname.startsWith("/interaction/")) {
        this.handleInteraction(provider, request, response).catch((error: unknown) => {
          response.writeHead(500, { "content-type": "text/plain" }).end(String(error));
        });
      } else {
        handleOidc(request, response);
      }
    });
    return this.issuerUrl;
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private createProvider(issuer: string, client: OidcTestClient): Provider {
    const signingKey = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ format: "jwk" });
    const provider = new Provider(issuer, {
      clients: [
        {
          client_id: client.clientId,
          client_secret: client.clientSecret,
          redirect_uris: [client.redirectUri],
          grant_types: ["authorization_code"],
          response_types: ["code"],
          // Better Auth's generic OAuth sends a client secret in the form body by default.
          token_endpoint_auth_method: "client_secret_post",
        },
      ],
      jwks: { keys: [{ ...signingKey, kid: "test-signing-key", use: "sig", alg: "RS256" }] },
      cookies: { keys: [randomBytes(32).toString("hex")] },
      claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
      // The claims go into the ID token as well, so the portal needs no userinfo call.
      conformIdTokenClaims: false,
      // The portal must use PKCE even though its client is confidential.
      pkce: { required: () => true },
      features: { devInteractions: { enabled: false } },
      interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
      findAccount: (_ctx: unknown, sub: string) => {
        const account = this.accounts.get(sub);
        if (!account) return undefined;
        return { accountId: sub, claims: async () => ({ ...account }) };
      },
      // A first-party client: every requested scope is granted without a consent screen.
      loadExistingGrant: async (ctx: ProviderContext) => {
        const { client: requester, session, params } = ctx.oidc;
        if (!requester || !session?.accountId) return undefined;
        const grant = new provider.Grant({ clientId: requester.clientId, accountId: session.accountId });
        grant.addOIDCScope(String(params?.scope ?? "openid"));
        await grant.save();
        return grant;
      },
      ttl: { AccessToken: 600, AuthorizationCode: 60, IdToken: 600, Interaction: 600, Session: 3600, Grant: 3600 },
      renderError: (ctx: { type: string; body: string }, out: Record<string, string>) => {
        ctx.type = "html";
        ctx.body = page("Test SSO error", `<h1>Test SSO error</h1><pre>${escapeHtml(JSON.stringify(out, null, 2))}</pre>`);
      },
    });
    provider.on("server_error", (_ctx, error) => process.stderr.write(`oidc test provider: ${String(error)}\n`));
    return provider;
  }

  private async handleInteraction(provider: Provider, request: IncomingMessage, response: ServerResponse): Promise<void> {
    const details = await provider.interactionDetails(request, response);
    if (details.prompt.name !== "login") {
      response.writeHead(501, { "content-type": "text/plain" }).end(`prompt ${details.prompt.name} is not handled`);
      return;
    }
    const html = (body: string) =>
      response.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" }).end(body);
    if (request.method !== "POST") {
      html(loginPage(details.uid));
      return;
    }
    const account = this.findByLogin((await readForm(request)).get("login") ?? "");
    if (!account) {
      html(loginPage(details.uid, "No account with this login at the test provider"));
      return;
    }
    await provider.interactionFinished(request, response, { login: { accountId: account.sub } }, { mergeWithLastSubmission: false });
  }
}
