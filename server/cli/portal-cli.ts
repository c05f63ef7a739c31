import { EXIT_FAILED, describeCliError, runPortalCli } from "./run-portal-cli.ts";
import { UsageError } from "./parse-cli-args.ts";

// `npm run portal -- …`: the operator's commands (run-portal-cli.ts) on this process's streams,
// environment and exit code.

/** Closes the open database when the operator interrupts, so DATA_DIR is not left locked. */
let closeOpenDatabase: (() => Promise<void>) | undefined;

for (const [signal, code] of [["SIGINT", 130], ["SIGTERM", 143]] as const) {
  process.once(signal, () => {
    const close = closeOpenDatabase ?? (async () => {});
    void close()
      .catch(() => {})
      .finally(() => process.exit(code));
  });
}

async function readPipedStdin(): Promise<string> {
  // A terminal is not a pipe: asking it would wait for the operator, who meant to pipe.
  if (process.stdin.isTTY) throw new UsageError("--password-stdin reads a piped password, e.g. printf '%s' \"$PASSWORD\" | npm run portal -- …");
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

const io = {
  env: process.env,
  writeStdout: (text: string) => void process.stdout.write(text),
  // Node writes pipes and files synchronously on Linux: nothing is lost when the command exits.
  writeStderr: (text: string) => void process.stderr.write(text),
  readStdin: readPipedStdin,
};

// process.exit: a driver's idle timer must not keep a finished command running.
void runPortalCli(process.argv.slice(2), io, (close) => (closeOpenDatabase = close)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`error: ${describeCliError(error)}\n`);
    process.exit(EXIT_FAILED);
  },
);
