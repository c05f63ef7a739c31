import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { type IncomingMessage, type ServerResponse, createServer } from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { LAUNCHPAD_PAGE_IDS } from "#common/domain/launchpad";
import { DEFAULT_MEMBER_ROLE, MEMBER_ROLES } from "#common/domain/member-roles";
import { SSO_PROVIDER_ID } from "#server/auth/auth";
import { ALWAYS_VISIBLE_PERMISSION } from "#common/domain/menu-config";
import { launchpadProgress, menuVersions, milestoneOrganizations, milestones, organizationSettings, profiles } from "#server/db/schema/index";
import { DEFAULT_CURRICULUM_FOLDER } from "#server/features/curriculum/curriculum-seed";
import { importCurriculum } from "#server/features/curriculum/import-curriculum";
import { readCurriculumFolder } from "#server/features/curriculum/read-curriculum-folder";
import { buildConfig, parseEnv } from "#server/env";
import { startServer } from "#server/main";
import { createOrganization } from "#server/features/organizations/organizations.service";
import { createUser } from "#server/features/users/users.service";
import { OidcTestProvider } from "#tests/oidc-test-provider";
import { SmtpTestServer } from "#tests/smtp-test-server";
import { testPasswordHasher } from "#tests/test-password-hasher";

/**
 * Runs the real built app in production mode, plus, in this process: an SMTP server that keeps
 * the portal's mail, an OpenID Connect provider for single sign-on, and a loopback-only fixture
 * endpoint through which each e2e test creates its own organizations, users and provider
 * accounts and reads its mail (the embedded database is locked to this process, so tests cannot
 * open it themselves). The database is a fresh PGlite, or PostgreSQL when E2E_DATABASE_URL is set.
 */
const port = Number(process.env.E2E_PORT ?? 4173);
const fixturePort = Number(process.env.E2E_FIXTURE_PORT ?? 4174);
const databaseUrl = process.env.E2E_DATABASE_URL || undefined;
const publicUrl = `http://localhost:${port}`;
const dataDir = await mkdtemp(path.join(os.tmpdir(), "portal-e2e-"));

/**
 * The provider administrator (PROVIDER_ADMIN_EMAIL), an employee the fixture endpoint creates on
 * first request. Its address is new for each harness, so a reused test database never holds it.
 */
const PROVIDER_ADMIN = {
  email: `admin-${randomUUID().slice(0, 8)}@provider.e2e.test`,
  password: "e2e-provider-admin-password",
  fullName: "Provider Administrator",
};

const OIDC_CLIENT = {
  clientId: "member-portal-e2e",
  clientSecret: "member-portal-e2e-client-secret",
  redirectUri: `${publicUrl}/api/auth/callback/${SSO_PROVIDER_ID}`,
};

const smtp = new SmtpTestServer();
const smtpUrl = await smtp.start();
const oidc = new OidcTestProvider();
const issuer = await oidc.start(OIDC_CLIENT);

const running = await startServer(
  buildConfig(
    parseEnv({
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: publicUrl,
      TRUSTED_ORIGINS: `http://127.0.0.1:${port}`,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      // Stored files (the NDA PDFs) go with the data folder, removed on stop.
      STORAGE_DIR: path.join(dataDir, "storage"),
      PROVIDER_ADMIN_EMAIL: PROVIDER_ADMIN.email,
      PORTAL_DEMO: "0",
      // A fixed key (the harness's own database is thrown away), and connection tests may reach
      // the PostgreSQL and MariaDB servers on this machine.
      DATA_ENCRYPTION_KEY: "0f1e2d3c4b5a69788796a5b4c3d2e1f00112233445566778899aabbccddeeff0",
      DATA_CONNECTION_ALLOW_PRIVATE_NETWORKS: "1",
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? "warn",
      // Every browser signs in and asks for codes from 127.0.0.1.
      AUTH_SIGN_IN_RATE_LIMIT_MAX: "10000",
      AUTH_CODE_RATE_LIMIT_MAX: "10000",
      AUTH_RATE_LIMIT_MAX: "100000",
      SMTP_URL: smtpUrl,
      MAIL_FROM: "Member Portal <no-reply@e2e.test>",
      OIDC_ISSUER: issuer,
      OIDC_CLIENT_ID: OIDC_CLIENT.clientId,
      OIDC_CLIENT_SECRET: OIDC_CLIENT.clientSecret,
      OIDC_BUTTON_LABEL: "Sign in with Test SSO",
      WEB_DIST_DIR: path.resolve("dist/web"),
    }),
  ),
  // Production's scrypt cost took about a third of a second of the server's CPU for every test
  // user made and signed in; the test hasher is scrypt at a lower cost (tests/test-password-hasher).
  { passwordHasher: testPasswordHasher },
);
const { runtime } = running;
const { db } = runtime.database;

/**
 * The default curriculum has no video topic. The harness adds one milestone that holds one, under
 * a module no plan has (so no other test sees it) and with a title over 60 characters (the
 * breadcrumb's cut); a test puts it into its organization's plan through /plan-include.
 */
const E2E_VIDEO_MILESTONE_KEY = "e2e-video-walkthrough";
const defaultCurriculum = await readCurriculumFolder(fileURLToPath(DEFAULT_CURRICULUM_FOLDER));
if (!defaultCurriculum.curriculum) throw new Error("the default curriculum does not read");
const withVideo = structuredClone(defaultCurriculum.curriculum);
withVideo.milestones.push({
  key: E2E_VIDEO_MILESTONE_KEY,
  title: "Watching the walkthrough video of your new ERP system from start to finish",
  description: "A video tour of the system, for the end-to-end tests.",
  goals: ["Watch the tour"],
  prerequisites: [],
  modules: ["E2E Only"],
  courses: ["e2e-video-course"],
});
withVideo.courses.push({ key: "e2e-video-course", title: "The system tour", modules: [], sidebar: true, lessons: ["e2e-video-lesson"] });
withVideo.lessons.push({ key: "e2e-video-lesson", title: "Tour of the home screen", topics: ["e2e-video-topic"], questions: [] });
withVideo.topics.push({
  key: "e2e-video-topic",
  title: "Welcome video",
  type: "video",
  video_url: "https://videos.e2e.test/welcome.webm",
  duration_minutes: 3,
  questions: [],
  body_markdown: null,
});
await importCurriculum(db, withVideo);

const accountSchema = z.object({ email: z.string(), password: z.string(), fullName: z.string().nullable() });
const organizationRequestSchema = z.object({
  organizationName: z.string(),
  members: z.array(accountSchema.extend({ role: z.enum(MEMBER_ROLES).default(DEFAULT_MEMBER_ROLE) })),
});
const oidcAccountRequestSchema = z.object({ email: z.string(), email_verified: z.boolean().default(true), sub: z.string().optional() });
const mailQuerySchema = z.object({
  to: z.string().min(1),
  subject: z.string().default(""),
  /** How many matching messages the test has already read: waits for a newer one. */
  after: z.coerce.number().int().min(0).default(0),
  timeoutMs: z.coerce.number().int().min(0).max(60_000).default(10_000),
});

/** Created once, on the first request for it (tests ask in parallel). */
let providerAdminCreated: Promise<unknown> | null = null;

type FixtureHandler = (body: unknown, query: URLSearchParams) => Promise<{ status: number; body: unknown }>;

const routes: Record<string, FixtureHandler> = {
  "GET /ready": async () => ({ status: 200, body: { ready: true } }),

  "POST /organizations": async (body) => {
    const input = organizationRequestSchema.parse(body);
    const organization = await createOrganization(db, input.organizationName);
    for (const { role, ...member } of input.members) {
      const user = await createUser(runtime.auth, db, { ...member, organizationId: organization.id, isEmployee: false, companyRole: null });
      if (role !== DEFAULT_MEMBER_ROLE) await db.update(profiles).set({ role }).where(eq(profiles.id, user.id));
    }
    return { status: 201, body: { organization } };
  },

  // Marks every launchpad page complete (the Launch Plan opens at 100 %), as the pages themselves would.
  "POST /launchpad-complete": async (body) => {
    // Every page, or the pages named.
    const { organizationId, pageIds } = z.object({ organizationId: z.uuid(), pageIds: z.array(z.enum(LAUNCHPAD_PAGE_IDS)).optional() }).parse(body);
    const completedAt = new Date();
    await db
      .insert(launchpadProgress)
      .values((pageIds ?? LAUNCHPAD_PAGE_IDS).map((pageId) => ({ organizationId, pageId, isCompleted: true, completedAt })))
      .onConflictDoNothing();
    return { status: 200, body: { organizationId } };
  },

  // Puts a milestone into one organization's plan, as an employee's override does.
  "POST /plan-include": async (body) => {
    const { organizationId, milestoneKey } = z.object({ organizationId: z.uuid(), milestoneKey: z.string() }).parse(body);
    const [milestone] = await db.select({ id: milestones.id }).from(milestones).where(eq(milestones.key, milestoneKey));
    if (!milestone) return { status: 404, body: { error: `no milestone ${milestoneKey}` } };
    await db
      .insert(milestoneOrganizations)
      .values({ organizationId, milestoneId: milestone.id, planOverride: "include" })
      .onConflictDoUpdate({ target: [milestoneOrganizations.organizationId, milestoneOrganizations.milestoneId], set: { planOverride: "include" } });
    return { status: 200, body: { milestoneId: milestone.id } };
  },

  // Gives the organization a menu version whose Extensions section members see (spec §6 always_visible).
  "POST /extensions-visible": async (body) => {
    const { organizationId } = z.object({ organizationId: z.uuid() }).parse(body);
    const versionName = `extensions-${randomUUID().slice(0, 8)}`;
    await db.insert(menuVersions).values({ versionName, menuConfig: { excludeItems: [], customPermissions: { extensions: ALWAYS_VISIBLE_PERMISSION } } });
    await db
      .insert(organizationSettings)
      .values({ organizationId, menuVersion: versionName })
      .onConflictDoUpdate({ target: organizationSettings.organizationId, set: { menuVersion: versionName } });
    return { status: 200, body: { versionName } };
  },

  "POST /employees": async (body) => {
    const input = accountSchema.parse(body);
    const user = await createUser(runtime.auth, db, { ...input, organizationId: null, isEmployee: true, companyRole: null });
    return { status: 201, body: user };
  },

  "POST /provider-admin": async () => {
    providerAdminCreated ??= createUser(runtime.auth, db, {
      ...PROVIDER_ADMIN,
      organizationId: null,
      isEmployee: true,
      companyRole: null,
    });
    await providerAdminCreated;
    return { status: 200, body: PROVIDER_ADMIN };
  },

  "POST /oidc-accounts": async (body) => ({ status: 201, body: oidc.addAccount(oidcAccountRequestSchema.parse(body)) }),

  "GET /mail": async (_body, query) => {
    const { to, subject, after, timeoutMs } = mailQuerySchema.parse(Object.fromEntries(query));
    const matchingMail = () => smtp.messagesTo(to).filter((mail) => mail.subject.includes(subject));
    try {
      const mail = await smtp.waitForMessage(to, (candidate) => matchingMail().indexOf(candidate) >= after, timeoutMs);
      return { status: 200, body: { mail, count: matchingMail().length } };
    } catch (error) {
      return { status: 404, body: { error: String(error) } };
    }
  },
};

function readBody(request: IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    let raw = "";
    request.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
    request.on("end", () => {
      try {
        resolve(raw ? JSON.parse(raw) : undefined);
      } catch (error) {
        reject(error);
      }
    });
    request.on("error", reject);
  });
}

async function handleFixture(request: IncomingMessage, response: ServerResponse) {
  const url = new URL(request.url ?? "/", `http://127.0.0.1:${fixturePort}`);
  const handler = routes[`${request.method} ${url.pathname}`];
  const send = (status: number, body: unknown) => response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
  if (!handler) return send(404, { error: `no fixture ${request.method} ${url.pathname}` });
  try {
    const result = await handler(await readBody(request), url.searchParams);
    send(result.status, result.body);
  } catch (error) {
    send(400, { error: String(error) });
  }
}

// Listening last: Playwright waits for /ready here, so the app, mail and provider are all up.
const fixtures = createServer((request, response) => void handleFixture(request, response));
// Idle connections outlive the tests' fetch client's, as the app's do (server/main.ts): a request
// sent on a connection the server was closing at that instant would be reset.
fixtures.keepAliveTimeout = 65_000;
fixtures.listen(fixturePort, "127.0.0.1");

async function stop() {
  fixtures.close();
  await running.shutdown();
  await Promise.all([smtp.stop(), oidc.stop()]);
  await rm(dataDir, { recursive: true, force: true });
  process.exit(0);
}
process.once("SIGTERM", () => void stop());
process.once("SIGINT", () => void stop());
