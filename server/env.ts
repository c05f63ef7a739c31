import { z } from "zod";
import { DEFAULT_DIGEST_HOUR } from "#common/domain/notifications";

const booleanFlag = z
  .enum(["0", "1", "true", "false", "yes", "no", "on", "off"])
  .transform((value) => ["1", "true", "yes", "on"].includes(value));

const positiveInt = z.coerce.number().int().positive();

const HOUR_ERROR = { error: "NOTIFICATION_DIGEST_HOUR must be a whole hour from 0 to 23 (the local hour of the daily reminder email)" };

const KEY_FORMAT_MESSAGE = "must be 32 random bytes written as 64 hex characters or base64 (openssl rand -hex 32)";

/** A 256-bit key written as hex or base64 (base64url too). */
function parseEncryptionKey(text: string): Buffer | null {
  const trimmed = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(trimmed)) return Buffer.from(trimmed, "hex");
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(trimmed)) {
    const bytes = Buffer.from(trimmed.replaceAll("-", "+").replaceAll("_", "/"), "base64");
    return bytes.length === 32 ? bytes : null;
  }
  return null;
}

const encryptionKey = z.string().transform((text, context) => {
  const key = parseEncryptionKey(text);
  if (!key) {
    context.addIssue({ code: "custom", message: `DATA_ENCRYPTION_KEY ${KEY_FORMAT_MESSAGE}` });
    return z.NEVER;
  }
  return key;
});

const previousEncryptionKeys = z.string().transform((text, context) => {
  const keys: Buffer[] = [];
  for (const part of text.split(",").map((entry) => entry.trim()).filter(Boolean)) {
    const key = parseEncryptionKey(part);
    if (!key) {
      context.addIssue({ code: "custom", message: `each of DATA_ENCRYPTION_PREVIOUS_KEYS ${KEY_FORMAT_MESSAGE}` });
      return z.NEVER;
    }
    keys.push(key);
  }
  return keys;
});

/** Every environment variable the server reads, with its default. README's table mirrors this. */
export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().min(1).default("0.0.0.0"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.url().optional(),
  TRUSTED_ORIGINS: z.string().default(""),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: "DATABASE_URL must start with postgres:// or postgresql://" })
    .optional(),
  PG_POOL_MAX: positiveInt.default(10),
  DATA_DIR: z.string().min(1).default("./data"),
  PORTAL_DEMO: booleanFlag.optional(),
  BETTER_AUTH_SECRET: z.string().min(32, { error: "BETTER_AUTH_SECRET must be at least 32 characters" }).optional(),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: positiveInt.default(60),
  AUTH_RATE_LIMIT_MAX: positiveInt.default(100),
  AUTH_SIGN_IN_RATE_LIMIT_WINDOW_SECONDS: positiveInt.default(10),
  AUTH_SIGN_IN_RATE_LIMIT_MAX: positiveInt.default(3),
  AUTH_CODE_RATE_LIMIT_WINDOW_SECONDS: positiveInt.default(60),
  AUTH_CODE_RATE_LIMIT_MAX: positiveInt.default(3),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, { error: "SMTP_URL must start with smtp:// or smtps://" })
    .optional(),
  MAIL_FROM: z.string().min(3).default("Member Portal <no-reply@localhost>"),
  OIDC_ISSUER: z.url({ error: "OIDC_ISSUER must be the identity provider's issuer URL" }).optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_BUTTON_LABEL: z.string().min(1).default("Sign in with SSO"),
  TRUST_PROXY: booleanFlag.default(false),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  REALTIME_RETENTION_HOURS: positiveInt.default(24),
  NOTIFICATION_DIGEST_HOUR: z.coerce.number(HOUR_ERROR).int(HOUR_ERROR).min(0, HOUR_ERROR).max(23, HOUR_ERROR).default(DEFAULT_DIGEST_HOUR),
  SHUTDOWN_TIMEOUT_MS: positiveInt.default(10_000),
  METRICS_TOKEN: z.string().min(16, { error: "METRICS_TOKEN must be at least 16 characters (openssl rand -hex 32)" }).optional(),
  WEB_DIST_DIR: z.string().default("./dist/web"),
  STORAGE_DIR: z.string().min(1).default("./storage"),
  UPLOAD_MAX_BYTES: positiveInt.default(500 * 1024 * 1024),
  ORGANIZATION_STORAGE_QUOTA_BYTES: positiveInt.default(10 * 1024 * 1024 * 1024),
  CAPTURE_MAX_SECONDS: positiveInt.max(3600, { error: "CAPTURE_MAX_SECONDS must be at most 3600" }).default(300),
  S3_BUCKET: z.string().min(1).optional(),
  S3_ENDPOINT: z.url({ error: "S3_ENDPOINT must be the S3-compatible service's URL" }).optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanFlag.default(false),
  PROVIDER_EMAIL_DOMAIN: z
    .string()
    .trim()
    .toLowerCase()
    .transform((domain) => domain.replace(/^@/, ""))
    .pipe(z.string().regex(/^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+$/, {
      error: "PROVIDER_EMAIL_DOMAIN must be a domain name such as provider.example",
    }))
    .optional(),
  PROVIDER_ADMIN_EMAIL: z.string().trim().toLowerCase().pipe(z.email({ error: "PROVIDER_ADMIN_EMAIL must be an email address" })).optional(),
  ERP_SITE_URL: z.url({ protocol: /^https?$/, error: "ERP_SITE_URL must be an http(s) URL" }).optional(),
  DATA_ENCRYPTION_KEY: encryptionKey.optional(),
  DATA_ENCRYPTION_PREVIOUS_KEYS: previousEncryptionKeys.default([]),
  DATA_CONNECTION_ALLOW_PRIVATE_NETWORKS: booleanFlag.default(false),
}).refine((env) => (env.OIDC_ISSUER === undefined) === (env.OIDC_CLIENT_ID === undefined), {
  error: "Single sign-on needs both OIDC_ISSUER and OIDC_CLIENT_ID (or neither)",
  path: ["OIDC_CLIENT_ID"],
}).refine((env) => env.S3_BUCKET === undefined || (env.S3_ACCESS_KEY_ID !== undefined && env.S3_SECRET_ACCESS_KEY !== undefined), {
  error: "S3_BUCKET needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY",
  path: ["S3_ACCESS_KEY_ID"],
});

export type Env = z.infer<typeof envSchema>;

/** The settings the app runs with, derived from the environment once. */
export interface ServerConfig {
  env: Env;
  publicUrl: string;
  trustedOrigins: string[];
  demo: boolean;
  /** OpenID Connect single sign-on, when configured. */
  sso: SsoConfig | null;
  /** The S3-compatible bucket files go to, when configured (otherwise STORAGE_DIR). */
  s3: S3Config | null;
  /** Who counts as the provider, and where the navigation links out to (see server/auth/access-facts.ts). */
  access: AccessSettings;
  /** How data-connection secrets are encrypted and which hosts connection tests may reach. */
  dataConnections: DataConnectionSettings;
  /** The file library's limits. */
  content: ContentSettings;
}

export interface ContentSettings {
  /** The largest single file (UPLOAD_MAX_BYTES); larger uploads get 413 and store nothing. */
  maxFileBytes: number;
  /** What one organization's files may take in all (ORGANIZATION_STORAGE_QUOTA_BYTES). */
  quotaBytes: number;
  /** The longest screen recording, in seconds (CAPTURE_MAX_SECONDS). */
  captureMaxSeconds: number;
}

export interface DataConnectionSettings {
  /** The key that encrypts connection secrets (AES-256-GCM); null when not configured. */
  encryptionKey: Buffer | null;
  /** Older keys, kept to read secrets written before a rotation. */
  previousEncryptionKeys: Buffer[];
  /**
   * Without DATA_ENCRYPTION_KEY only the embedded demo starts: it generates a key and keeps it in
   * the database. Anywhere else a missing key stops the server at start.
   */
  generateKeyWhenMissing: boolean;
  /** Connection tests may reach loopback, private and link-local addresses (off: only public ones). */
  allowPrivateNetworks: boolean;
}

export const MISSING_ENCRYPTION_KEY_MESSAGE =
  "DATA_ENCRYPTION_KEY is required to encrypt data-connection secrets (only the embedded demo generates one). Generate one with: openssl rand -hex 32";

/** Fails at start, with a message naming the variable, when the configuration lacks the encryption key. */
export function assertEncryptionKeyConfigured(config: ServerConfig): void {
  const settings = config.dataConnections;
  if (!settings.encryptionKey && !settings.generateKeyWhenMissing) {
    throw new Error(`Invalid configuration:\n  ${MISSING_ENCRYPTION_KEY_MESSAGE}`);
  }
}

export interface AccessSettings {
  /**
   * The provider's own e-mail domain: its addresses are staff-only (never customer members), and
   * employees on it always get ETL Admin (decision 030). Null disables both rules.
   */
  providerEmailDomain: string | null;
  /** The one provider administrator (menu versions, the /administration page). Null means nobody. */
  providerAdminEmail: string | null;
  /** The ERP site the navigation links out to; null hides the link. */
  erpSiteUrl: string | null;
}

export interface SsoConfig {
  issuer: string;
  clientId: string;
  clientSecret: string | undefined;
  label: string;
}

export interface S3Config {
  bucket: string;
  /** Unset for AWS itself. */
  endpoint: string | undefined;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return result.data;
}

/** The names this machine answers to itself, as browsers write them in an origin. */
const LOOPBACK_HOSTS = ["localhost", "127.0.0.1", "[::1]"] as const;

export function buildConfig(env: Env): ServerConfig {
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, "");
  const extra = env.TRUSTED_ORIGINS.split(",").map((o) => o.trim()).filter(Boolean);
  // In development the Vite dev server (port 5173) proxies /api and sends its own origin.
  const devOrigins = env.NODE_ENV === "development" ? ["http://localhost:5173"] : [];
  // Without PUBLIC_URL the portal is reached on this machine: under any of its loopback names.
  const loopbackOrigins = env.PUBLIC_URL ? [] : LOOPBACK_HOSTS.map((host) => `http://${host}:${env.PORT}`);
  const trustedOrigins = [...new Set([new URL(publicUrl).origin, ...loopbackOrigins, ...extra, ...devOrigins])];
  // The demo is on for the embedded database unless turned off, off on PostgreSQL unless turned on.
  const demo = env.PORTAL_DEMO ?? env.DATABASE_URL === undefined;
  const sso =
    env.OIDC_ISSUER && env.OIDC_CLIENT_ID
      ? { issuer: env.OIDC_ISSUER.replace(/\/$/, ""), clientId: env.OIDC_CLIENT_ID, clientSecret: env.OIDC_CLIENT_SECRET, label: env.OIDC_BUTTON_LABEL }
      : null;
  const s3 =
    env.S3_BUCKET && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
      ? {
          bucket: env.S3_BUCKET,
          endpoint: env.S3_ENDPOINT,
          region: env.S3_REGION,
          accessKeyId: env.S3_ACCESS_KEY_ID,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY,
          forcePathStyle: env.S3_FORCE_PATH_STYLE,
        }
      : null;
  const access = {
    providerEmailDomain: env.PROVIDER_EMAIL_DOMAIN ?? null,
    providerAdminEmail: env.PROVIDER_ADMIN_EMAIL ?? null,
    erpSiteUrl: env.ERP_SITE_URL ?? null,
  };
  const dataConnections = {
    encryptionKey: env.DATA_ENCRYPTION_KEY ?? null,
    previousEncryptionKeys: env.DATA_ENCRYPTION_PREVIOUS_KEYS,
    generateKeyWhenMissing: env.DATABASE_URL === undefined && demo,
    allowPrivateNetworks: env.DATA_CONNECTION_ALLOW_PRIVATE_NETWORKS,
  };
  const content = {
    maxFileBytes: env.UPLOAD_MAX_BYTES,
    quotaBytes: env.ORGANIZATION_STORAGE_QUOTA_BYTES,
    captureMaxSeconds: env.CAPTURE_MAX_SECONDS,
  };
  return { env, publicUrl, trustedOrigins, demo, sso, s3, access, dataConnections, content };
}

/** The origin the S3 bucket's signed links point at, or null when files are kept on local disk. */
export function fileOriginOf(config: ServerConfig): string | null {
  const s3 = config.s3;
  if (!s3) return null;
  if (s3.endpoint) {
    const endpoint = new URL(s3.endpoint);
    return s3.forcePathStyle ? endpoint.origin : `${endpoint.protocol}//${s3.bucket}.${endpoint.host}`;
  }
  return `https://${s3.bucket}.s3.${s3.region}.amazonaws.com`;
}
