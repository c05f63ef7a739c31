import { DrizzleQueryError } from "drizzle-orm";
import { AppError } from "#server/lib/app-error";
import { CLI_COMMANDS, type CliIo, findCommand, formatHelpOf, runCommandOnDatabase } from "./cli-commands.ts";
import { UsageError, parseCommandArgs, wantsHelp } from "./parse-cli-args.ts";

/** Exit codes: 0 done, 1 the command failed, 2 it was typed wrong. */
export const EXIT_OK = 0;
export const EXIT_FAILED = 1;
export const EXIT_USAGE = 2;

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

/**
 * Runs one CLI command (`args` as typed after `npm run portal --`) and answers its exit code. The
 * process entry (`portal-cli.ts`) gives it the process's streams and environment; tests give their
 * own. `onOpened` learns how to close the open database, for an interrupt.
 */
export async function runPortalCli(args: readonly string[], io: CliIo, onOpened?: (close: () => Promise<void>) => void): Promise<number> {
  const [name, ...rest] = args;
  if (name === undefined) {
    io.writeStderr(formatTopHelp());
    return EXIT_USAGE;
  }
  if (name === "--help" || name === "-h" || name === "help") {
    io.writeStdout(formatTopHelp());
    return EXIT_OK;
  }
  const command = findCommand(name);
  try {
    if (!command) {
      const known = CLI_COMMANDS.map((c) => c.name).join(", ");
      throw new UsageError(`unknown command "${name}" (commands: ${known})`);
    }
    if (wantsHelp(rest)) {
      io.writeStdout(formatHelpOf(command));
      return EXIT_OK;
    }
    const options = parseCommandArgs(command.name, rest, command.options, command.arguments);
    command.checkUsage?.(options);
    await runCommandOnDatabase(command, options, io, onOpened);
    return EXIT_OK;
  } catch (error) {
    io.writeStderr(`error: ${describeCliError(error)}\n`);
    if (error instanceof UsageError) {
      const helpFor = error.command ? `${error.command} --help` : "--help";
      io.writeStderr(`Run "npm run portal -- ${helpFor}" for usage.\n`);
      return EXIT_USAGE;
    }
    return EXIT_FAILED;
  }
}

/** The message an operator can act on, without a stack trace. */
export function describeCliError(error: unknown): string {
  if (error instanceof AppError || error instanceof UsageError) return error.message;
  // Drizzle's message holds the SQL and its parameters (e.g. a password hash); the cause is the point.
  if (error instanceof DrizzleQueryError) return error.cause?.message || "a database query failed";
  if (error instanceof AggregateError && !error.message) {
    // node-postgres reports a refused connection to every address of a host as an empty AggregateError.
    return error.errors.map((inner) => describeCliError(inner)).join("; ");
  }
  if (error instanceof Error) return error.message || (error as NodeJS.ErrnoException).code || error.name;
  return String(error);
}
