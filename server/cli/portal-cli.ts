import { DrizzleQueryError } from "drizzle-orm";
import { AppError } from "#server/lib/app-error";
import { CLI_COMMANDS, findCommand, formatHelpOf, runCommandOnDatabase } from "./cli-commands.ts";
import { UsageError, parseCommandArgs, wantsHelp } from "./parse-cli-args.ts";

/** Exit codes: 0 done, 1 the command failed, 2 it was typed wrong. */
const EXIT_OK = 0;
const EXIT_FAILED = 1;
const EXIT_USAGE = 2;

const output = {
  stdout: (line: string) => void process.stdout.write(`${line}\n`),
  stderr: (line: string) => void process.stderr.write(`${line}\n`),
  readStdin: async () => {
    // A terminal is not a pipe: asking it would wait for the operator, who meant to pipe.
    if (process.stdin.isTTY) throw new UsageError("--password-stdin reads a piped password, e.g. printf '%s' \"$PASSWORD\" | npm run portal -- …");
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString("utf8");
  },
};

/** Closes the open database when the operator interrupts, so DATA_DIR is not left locked. */
let closeOpenDatabase: (() => Promise<void>) | undefined;

function formatTopHelp(): string {
  const width = Math.max(...CLI_COMMANDS.map((command) => command.name.length)) + 2;
  const commands = CLI_COMMANDS.map((command) => `  ${command.name.padEnd(width)}${command.summary.split("\n")[0]}`);
  return [
    "Usage: npm run portal -- <command> [options]",
    "",
    "Operator commands of the Member Portal. They use the database the server is configured with:",
    "PostgreSQL when DATABASE_URL is set, otherwise the embedded database in DATA_DIR (default ./data),",
    "which only one process can open at a time — stop the server first.",
    "",
    "Commands:",
    ...commands,
    "",
    'Run "npm run portal -- <command> --help" for the options of a command.',
    "",
  ].join("\n");
}

export async function runPortalCli(args: readonly string[]): Promise<number> {
  const [name, ...rest] = args;
  if (name === undefined) {
    process.stderr.write(formatTopHelp());
    return EXIT_USAGE;
  }
  if (name === "--help" || name === "-h" || name === "help") {
    process.stdout.write(formatTopHelp());
    return EXIT_OK;
  }
  const command = findCommand(name);
  try {
    if (!command) {
      const known = CLI_COMMANDS.map((c) => c.name).join(", ");
      throw new UsageError(`unknown command "${name}" (commands: ${known})`);
    }
    if (wantsHelp(rest)) {
      process.stdout.write(formatHelpOf(command));
      return EXIT_OK;
    }
    const options = parseCommandArgs(command.name, rest, command.options, command.arguments);
    command.checkUsage?.(options);
    await runCommandOnDatabase(command, options, output, (close) => (closeOpenDatabase = close));
    return EXIT_OK;
  } catch (error) {
    output.stderr(`error: ${describeError(error)}`);
    if (error instanceof UsageError) {
      const helpFor = error.command ? `${error.command} --help` : "--help";
      output.stderr(`Run "npm run portal -- ${helpFor}" for usage.`);
      return EXIT_USAGE;
    }
    return EXIT_FAILED;
  } finally {
    closeOpenDatabase = undefined;
  }
}

/** The message an operator can act on, without a stack trace. */
function describeError(error: unknown): string {
  if (error instanceof AppError || error instanceof UsageError) return error.message;
  // Drizzle's message holds the SQL and its parameters (e.g. a password hash); the cause is the point.
  if (error instanceof DrizzleQueryError) return error.cause?.message || "a database query failed";
  if (error instanceof AggregateError && !error.message) {
    // node-postgres reports a refused connection to every address of a host as an empty AggregateError.
    return error.errors.map((inner) => describeError(inner)).join("; ");
  }
  if (error instanceof Error) return error.message || (error as NodeJS.ErrnoException).code || error.name;
  return String(error);
}

for (const [signal, code] of [["SIGINT", 130], ["SIGTERM", 143]] as const) {
  process.once(signal, () => {
    const close = closeOpenDatabase ?? (async () => {});
    void close()
      .catch(() => {})
      .finally(() => process.exit(code));
  });
}

// process.exit: a driver's idle timer must not keep a finished command running.
void runPortalCli(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`error: ${describeError(error)}\n`);
    process.exit(EXIT_FAILED);
  },
);
