import { setTimeout } from "node:timers/promises";
import autocannon from "autocannon";

/**
 * Pause after each load: autocannon drops its connections when a run ends, but the requests the
 * server already took are still being answered; they must not spill into the next contestant's run.
 */
const PAUSE_BETWEEN_RUNS_MS = 1_000;

export interface LoadSettings {
  /** Seconds per measured round. */
  seconds: number;
  rounds: number;
  /** Seconds of unmeasured load per contestant before the first round. */
  warmupSeconds: number;
  connections: number;
}

export interface Target {
  url: string;
  cookie: string;
  /** Every 2xx body must equal this; others count as mismatches. */
  expectBody: string;
}

export interface RoundResult {
  /** Mean requests per second over the round's one-second samples. */
  rps: number;
  /** 99th percentile latency of 2xx responses, ms (autocannon records whole milliseconds). */
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  mismatches: number;
}

export interface Comparison {
  stack: RoundResult[];
  baseline: RoundResult[];
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

async function getOnce(url: string, cookie: string | undefined) {
  const response = await fetch(url, { headers: cookie ? { cookie } : {} });
  return { status: response.status, body: await response.text() };
}

/**
 * Checks, before anything is timed, that both contestants answer the signed-in member with 200
 * and byte-identical organization JSON, and that both refuse a forged session. Throws otherwise.
 * Returns the expected body.
 */
export async function verifySameAnswer(stackUrl: string, baselineUrl: string, cookie: string, organizationId: string) {
  const stack = await getOnce(stackUrl, cookie);
  const baseline = await getOnce(baselineUrl, cookie);
  const problems: string[] = [];
  if (stack.status !== 200) problems.push(`stack answered HTTP ${stack.status}: ${stack.body}`);
  if (baseline.status !== 200) problems.push(`baseline answered HTTP ${baseline.status}: ${baseline.body}`);
  if (stack.body !== baseline.body) problems.push(`bodies differ:\n  stack:    ${stack.body}\n  baseline: ${baseline.body}`);
  let parsed: { id?: unknown } = {};
  try {
    parsed = JSON.parse(stack.body) as { id?: unknown };
  } catch {
    problems.push(`stack body is not JSON: ${stack.body}`);
  }
  if (parsed.id !== organizationId) problems.push(`stack answered another organization than ${organizationId}`);
  const forged = cookie.replace(/=([^.]{4})/, "=XXXX");
  for (const [name, url] of [["stack", stackUrl], ["baseline", baselineUrl]] as const) {
    const refused = await getOnce(url, forged);
    if (refused.status !== 401) problems.push(`${name} answered a forged session with HTTP ${refused.status}, not 401`);
  }
  if (problems.length > 0) throw new Error(`the contestants do not give the same answer:\n${problems.join("\n")}`);
  return stack.body;
}

async function load(target: Target, settings: LoadSettings, seconds: number): Promise<RoundResult> {
  const result = await autocannon({
    url: target.url,
    method: "GET",
    headers: { cookie: target.cookie },
    connections: settings.connections,
    pipelining: 1,
    duration: seconds,
    expectBody: target.expectBody,
  });
  await setTimeout(PAUSE_BETWEEN_RUNS_MS);
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    mismatches: result.mismatches,
  };
}

/**
 * Loads the two contestants one after the other: a warm-up each, then `rounds` rounds of both,
 * alternating which goes first (A B, B A, A B, ...) so neither always gets the quieter slot.
 */
export async function compareSideBySide(
  stack: Target,
  baseline: Target,
  settings: LoadSettings,
  onProgress: (line: string) => void = () => {},
): Promise<Comparison> {
  const contestants = { stack, baseline } as const;
  if (settings.warmupSeconds > 0) {
    onProgress(`warm-up ${settings.warmupSeconds}s each`);
    await load(stack, settings, settings.warmupSeconds);
    await load(baseline, settings, settings.warmupSeconds);
  }
  const comparison: Comparison = { stack: [], baseline: [] };
  for (let round = 0; round < settings.rounds; round++) {
    const order = round % 2 === 0 ? (["stack", "baseline"] as const) : (["baseline", "stack"] as const);
    onProgress(`round ${round + 1}/${settings.rounds}: ${order.join(" then ")}, ${settings.seconds}s each`);
    for (const name of order) comparison[name].push(await load(contestants[name], settings, settings.seconds));
  }
  return comparison;
}
