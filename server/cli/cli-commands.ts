import pino, { type Logger } from "pino";
import { PROVIDER_STAFF_ADDRESS_MESSAGE, isProviderDomainEmail } from "#common/domain/access";
import type { CompanyRole } from "#common/domain/company-roles";
import type { Auth } from "#server/auth/auth";
import type { Database } from "#server/db/database";
import type { ServerConfig } from "#server/env";
import type { Storage } from "#server/storage/storage";
import { MEMBER_ROLES, type MemberRole } from "#common/domain/member-roles";
import { AppError } from "#server/lib/app-error";
import { catalogCommands } from "./catalog-commands.ts";
import { curriculumCommands } from "./curriculum-commands.ts";
import { resolveOperatorPath } from "./operator-path.ts";
import { type ArgumentSpec, type OptionSpec, type ParsedOptions, UsageError, formatArgumentLabel, formatCommandHelp } from "./parse-cli-args.ts";

/** What a command works with: the open database, the auth instance, the file storage and the two output streams. */
export interface CliContext {
  db: Database;
  auth: Auth;
  /** The server's file storage (STORAGE_DIR or the S3 bucket): the curriculum's videos go there. */
  storage: Storage;
  /** UPLOAD_MAX_BYTES: the largest file, as the server takes one. */
  maxFileBytes: number;
  /** The CLI's logger: stderr, "warn" unless LOG_LEVEL says otherwise. */
  logger: Logger;
  /** Results only (e.g. a new id), so scripts can capture them. */
  stdout: (line: string) => void;
  /** Warnings and notes for the operator. */
  stderr: (line: string) => void;
  /** Everything piped to the command (a password given with --password-stdin). */
  readStdin: () => Promise<string>;
  /** The provider's own e-mail domain (PROVIDER_EMAIL_DOMAIN): its addresses are staff-only. */
  providerEmailDomain: string | null;
  /** A file named on the command line, relative to the folder the operator ran it in. */
  resolvePath: (file: string) => string;
}

/** Where a command writes and reads, and the environment it runs with (a process's own, or a test's). */
export interface CliIo extends Pick<CliContext, "readStdin"> {
  env: NodeJS.ProcessEnv;
  /** Text as it is: each caller ends its own lines. */
  writeStdout: (text: string) => void;
  writeStderr: (text: string) => void;
}

export interface CliCommand {
  name: string;
  summary: string;
  options: OptionSpec[];
  /** Values given by position, after the command name. */
  arguments?: ArgumentSpec[];
  /** Usage rules the option list cannot say (one of two options); throws a UsageError before the database opens. */
  checkUsage?(options: ParsedOptions): void;
  run(context: CliContext, options: ParsedOptions): Promise<void>;
}

const createOrganizationCommand: CliCommand = {
  name: "org:create",
  summary: "Creates an organization and prints its id.",
  options: [{ name: "name", type: "string", value: "name", required: true, description: "The organization's name (unique, any case)" }],
  async run(context, options) {
    const { createOrganization } = await import("#server/features/organizations/organizations.service");
    const organization = await createOrganization(context.db, String(options.name));
    context.stdout(organization.id);
  },
};

const createUserCommand: CliCommand = {
  name: "user:create",
  summary:
    "Creates a user who signs in with email and password and prints the user's id.\n" +
    "Members need --org to see their organization; employees of the provider may have none.\n" +
    "Give the password with --password-stdin (piped, so it stays out of the shell history) or --password.",
  options: [
    { name: "email", type: "string", value: "email", required: true, description: "Sign-in email address" },
    { name: "password-stdin", type: "boolean", description: "Read the initial password from standard input (its first line)" },
    { name: "password", type: "string", value: "password", description: "Initial password, 12 to 128 characters (visible in the shell history)" },
    { name: "role", type: "string", value: "role", description: `Member role: ${MEMBER_ROLES.join(" (default) or ")}; an admin invites colleagues and locks estimates` },
    { name: "org", type: "string", value: "id or name", description: "The user's organization, by id or name (any case)" },
    { name: "employee", type: "boolean", description: "The user is an employee of the provider" },
    { name: "full-name", type: "string", value: "name", description: "The user's full name" },
    { name: "company-role", type: "string", value: "role", description: 'Company role, e.g. "Executive" or "HR"' },
  ],
  checkUsage: checkPasswordSource,
  async run(context, options) {
    const isEmployee = options.employee === true;
    if (isEmployee && typeof options.role === "string") throw new UsageError("--role is for members: employees of the provider hold no member role", "user:create");
    // Decision 030: the provider's domain is trusted for its staff, so only employees may hold it.
    if (!isEmployee && isProviderDomainEmail(String(options.email), context.providerEmailDomain)) {
      throw new AppError("validation_failed", `${PROVIDER_STAFF_ADDRESS_MESSAGE} (create the account with --employee)`);
    }
    const password = options["password-stdin"] === true ? readFirstLine(await context.readStdin()) : String(options.password);
    const organizationId = typeof options.org === "string" ? await resolveOrganizationId(context.db, options.org) : null;
    const { createUser } = await import("#server/features/users/users.service");
    const user = await createUser(context.auth, context.db, {
      email: String(options.email),
      password,
      // createUser validates the roles and names the allowed ones.
      ...(typeof options.role === "string" ? { role: options.role as MemberRole } : {}),
      organizationId,
      isEmployee,
      fullName: optionalString(options["full-name"]),
      companyRole: optionalString(options["company-role"]) as CompanyRole | null,
    });
    if (!organizationId && !isEmployee) {
      context.stderr(`warning: ${user.email} belongs to no organization and will not see any organization until given one`);
    }
    context.stdout(user.id);
  },
};

const setUserRoleCommand: CliCommand = {
  name: "user:set-role",
  summary: "Gives a member one of the member roles, e.g. an organization's first admin, and prints the change.",
  options: [
    { name: "email", type: "string", value: "email", required: true, description: "The member's sign-in email address" },
    { name: "role", type: "string", value: "role", required: true, description: `${MEMBER_ROLES.join(" or ")}` },
  ],
  async run(context, options) {
    const { setMemberRole } = await import("#server/features/users/users.service");
    const change = await setMemberRole(context.db, String(options.email), String(options.role));
    context.stdout(`${change.email}: ${change.previousRole} -> ${change.role}`);
    context.stderr("note: a member who is signed in sees the new role when their pages next load");
  },
};

/** Exactly one of --password and --password-stdin. */
function checkPasswordSource(options: ParsedOptions): void {
  const fromStdin = options["password-stdin"] === true;
  const given = typeof options.password === "string";
  if (fromStdin && given) throw new UsageError("give the password with --password-stdin or --password, not both", "user:create");
  if (!fromStdin && !given) throw new UsageError("missing the password: pipe it with --password-stdin, or give --password", "user:create");
}

/** The first line of what was piped, without its line ending; the rest is ignored. */
export function readFirstLine(text: string): string {
  return text.split(/\r?\n/, 1)[0] ?? "";
}

export const CLI_COMMANDS: readonly CliCommand[] = [createOrganizationCommand, createUserCommand, setUserRoleCommand, ...catalogCommands, ...curriculumCommands];

export function findCommand(name: string): CliCommand | undefined {
  return CLI_COMMANDS.find((command) => command.name === name);
}

export function formatHelpOf(command: CliCommand): string {
  const positionals = command.arguments ?? [];
  const usage = ["npm run portal --", command.name, ...positionals.map(formatArgumentLabel), "[options]"].join(" ");
  return formatCommandHelp(usage, command.summary, command.options, positionals);
}

/**
 * Opens the configured database (migrating it, and locking DATA_DIR for the embedded one), runs
 * the command and always closes the database again so the lock is released.
 */
export async function runCommandOnDatabase(
  command: CliCommand,
  options: ParsedOptions,
  io: CliIo,
  onOpened: (close: () => Promise<void>) => void = () => {},
): Promise<void> {
  // The server's modules load only now: help and usage errors answer without them, at once.
  const [{ buildConfig, parseEnv }, { openDatabase }, { createMailer }, { configureAuth }, { buildStorageSettings, createStorage }] = await Promise.all([
    import("#server/env"),
    import("#server/db/open-database"),
    import("#server/mail/mailer"),
    import("#server/auth/configure-auth"),
    import("#server/storage/storage"),
  ]);
  const config = buildConfig(parseEnv(io.env));
  const logger = createCliLogger(config, io);
  const database = await openDatabase(
    // One command runs one statement or transaction at a time; a small pool suffices.
    { databaseUrl: config.env.DATABASE_URL, dataDir: config.env.DATA_DIR, poolMax: 2 },
    logger,
  );
  let closing: Promise<void> | undefined;
  const close = () => (closing ??= database.close());
  onOpened(close);
  try {
    const mailer = createMailer({ smtpUrl: config.env.SMTP_URL, from: config.env.MAIL_FROM }, database.db, logger);
    const { auth, secret } = await configureAuth(config, database.db, mailer, logger);
    // Made at once, opened on first use: a command that keeps no files never touches it.
    const storage = createStorage(buildStorageSettings(config, secret), logger);
    const resolvePath = (file: string) => resolveOperatorPath(file, io.env);
    const stdout = (line: string) => io.writeStdout(`${line}\n`);
    const stderr = (line: string) => io.writeStderr(`${line}\n`);
    try {
      const { providerEmailDomain } = config.access;
      const maxFileBytes = config.content.maxFileBytes;
      await command.run({ db: database.db, auth, storage, maxFileBytes, logger, providerEmailDomain, resolvePath, stdout, stderr, readStdin: io.readStdin }, options);
    } finally {
      await storage.close();
    }
  } finally {
    await close();
  }
}

/**
 * Logs go to stderr at "warn" (LOG_LEVEL wins when set explicitly): stdout carries only results.
 * The server's logger writes to stdout, hence a logger of the CLI's own.
 */
function createCliLogger(config: ServerConfig, io: CliIo): Logger {
  const level = io.env.LOG_LEVEL ? config.env.LOG_LEVEL : "warn";
  const redact = { paths: ["password", "*.password", "secret", "*.secret"], censor: "[redacted]" };
  return pino({ level, base: undefined, redact }, { write: io.writeStderr });
}

async function resolveOrganizationId(db: Database, idOrName: string): Promise<string> {
  const { findOrganization } = await import("#server/features/organizations/organizations.service");
  const organization = await findOrganization(db, idOrName);
  if (!organization) throw new AppError("not_found", `No organization matches "${idOrName}"`);
  return organization.id;
}

function optionalString(value: string | boolean | undefined): string | null {
  return typeof value === "string" ? value : null;
}
