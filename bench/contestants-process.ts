import { type ChildProcess, fork } from "node:child_process";
import { fileURLToPath } from "node:url";

/** What the parent tells the host process (as JSON in BENCH_HOST_SETTINGS). */
export interface HostSettings {
  DATABASE_URL?: string;
  DATA_DIR?: string;
  /** A folder the host may name paths under (e.g. the missing web build). */
  scratchDir: string;
}

export interface HostReady {
  type: "ready";
  engine: "postgres" | "pglite";
  stackUrl: string;
  baselineUrl: string;
  /** `better-auth.session_token=<token>.<signature>` of a signed-in member. */
  cookie: string;
  organizationId: string;
  /** How the baseline reaches the database, for the printout. */
  baselineVia: string;
}

export type HostMessage = HostReady | { type: "failed"; message: string };

export interface ContestantsHost {
  ready: HostReady;
  /** Shuts both contestants down and waits for the process to end (killing it after a timeout). */
  stop(): Promise<void>;
}

const HOST_ENTRY = fileURLToPath(new URL("./serve-contestants.ts", import.meta.url));
const START_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 20_000;

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once("exit", () => resolve()));
}

/** Starts the host process (through tsx, like `npm run bench`) and waits until both contestants answer. */
export async function startContestantsHost(settings: HostSettings): Promise<ContestantsHost> {
  const child = fork(HOST_ENTRY, [], {
    execArgv: ["--import", "tsx"],
    env: { ...process.env, BENCH_HOST_SETTINGS: JSON.stringify(settings) },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      if (child.connected) child.send("stop");
      const timer = setTimeout(() => child.kill("SIGKILL"), STOP_TIMEOUT_MS);
      await exited(child);
      clearTimeout(timer);
    }
  };
  try {
    const ready = await new Promise<HostReady>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("the contestants did not start in time")), START_TIMEOUT_MS);
      child.once("message", (message: HostMessage) => {
        clearTimeout(timer);
        if (message.type === "ready") resolve(message);
        else reject(new Error(`the contestants could not start:\n${message.message}`));
      });
      child.once("exit", (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`the contestants' process ended before it was ready (code ${code}, signal ${signal})`));
      });
      child.once("error", reject);
    });
    return { ready, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
