import { parseArgs } from "node:util";

/** One option a command accepts; `value` names the argument in help ("--name <name>"). */
export interface OptionSpec {
  name: string;
  type: "string" | "boolean";
  description: string;
  value?: string;
  required?: boolean;
}

/** A value given by position, e.g. the file of `catalog:import <file>`; it appears in ParsedOptions under its name. */
export interface ArgumentSpec {
  name: string;
  description: string;
  required?: boolean;
}

export type ParsedOptions = Record<string, string | boolean | undefined>;

/** A mistake in how the command was typed: reported with a hint to --help, exit code 2. */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly command?: string,
  ) {
    super(message);
    this.name = "UsageError";
  }
}

/** True when the arguments ask for help, so help works even next to a mistyped option. */
export function wantsHelp(args: readonly string[]): boolean {
  const end = args.indexOf("--");
  const before = end === -1 ? args : args.slice(0, end);
  return before.includes("--help") || before.includes("-h");
}

/**
 * Parses a command's options strictly: unknown options, stray arguments and missing values are
 * usage errors. Positional values fill `positionals` in order.
 */
export function parseCommandArgs(
  command: string,
  args: readonly string[],
  specs: readonly OptionSpec[],
  positionals: readonly ArgumentSpec[] = [],
): ParsedOptions {
  const options = Object.fromEntries(specs.map((spec) => [spec.name, { type: spec.type }]));
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({ args: [...args], options, strict: true, allowPositionals: positionals.length > 0, tokens: true });
  } catch (error) {
    throw new UsageError(describeParseError(error), command);
  }
  const values = parsed.values as ParsedOptions;
  rejectRepeatedOptions(command, parsed.tokens ?? []);
  assignPositionals(command, parsed.positionals, positionals, values);
  for (const spec of specs) {
    const value = values[spec.name];
    // An empty value is almost always a shell variable that was not set.
    if (spec.type === "string" && value === "") {
      throw new UsageError(`option --${spec.name} needs a non-empty value`, command);
    }
    if (spec.required && value === undefined) {
      throw new UsageError(`missing required option --${spec.name}`, command);
    }
  }
  return values;
}

/** How a positional argument reads in usage lines: `<file>` when required, `[file]` otherwise. */
export function formatArgumentLabel(spec: ArgumentSpec): string {
  return spec.required ? `<${spec.name}>` : `[${spec.name}]`;
}

/** Renders the help of one command from its option and argument specs. */
export function formatCommandHelp(usage: string, summary: string, specs: readonly OptionSpec[], positionals: readonly ArgumentSpec[] = []): string {
  const labels = specs.map((spec) => `--${spec.name}${spec.type === "string" ? ` <${spec.value ?? "value"}>` : ""}`);
  const argumentLabels = positionals.map(formatArgumentLabel);
  const width = Math.max(...labels.map((label) => label.length), ...argumentLabels.map((label) => label.length), "-h, --help".length) + 2;
  const lines = specs.map((spec, index) => {
    const note = spec.required ? " (required)" : "";
    return `  ${(labels[index] ?? "").padEnd(width)}${spec.description}${note}`;
  });
  lines.push(`  ${"-h, --help".padEnd(width)}Show this help`);
  const argumentLines = positionals.map((spec, index) => `  ${(argumentLabels[index] ?? "").padEnd(width)}${spec.description}`);
  const argumentsPart = argumentLines.length > 0 ? `Arguments:\n${argumentLines.join("\n")}\n\n` : "";
  return `Usage: ${usage}\n\n${summary}\n\n${argumentsPart}Options:\n${lines.join("\n")}\n`;
}

function assignPositionals(command: string, given: readonly string[], specs: readonly ArgumentSpec[], values: ParsedOptions): void {
  const extra = given[specs.length];
  if (extra !== undefined) throw new UsageError(`unexpected argument "${extra}"`, command);
  specs.forEach((spec, index) => {
    const value = given[index];
    if (value === "") throw new UsageError(`the ${spec.name} argument needs a non-empty value`, command);
    if (value === undefined && spec.required) throw new UsageError(`missing the ${spec.name} argument`, command);
    values[spec.name] = value;
  });
}

function rejectRepeatedOptions(command: string, tokens: ReadonlyArray<{ kind: string; name?: string }>): void {
  const seen = new Set<string>();
  for (const token of tokens) {
    if (token.kind !== "option" || token.name === undefined) continue;
    // A repeated option silently keeping the last value could create the wrong account.
    if (seen.has(token.name)) throw new UsageError(`option --${token.name} was given more than once`, command);
    seen.add(token.name);
  }
}

/** Node's parseArgs messages, reworded for an operator; the original wording is the fallback. */
function describeParseError(error: unknown): string {
  const { code, message } = error as { code?: string; message: string };
  const quoted = /'([^']+)'/.exec(message)?.[1] ?? "";
  const option = quoted.split(" ")[0] ?? quoted;
  switch (code) {
    case "ERR_PARSE_ARGS_UNKNOWN_OPTION":
      return `unknown option ${option}`;
    case "ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL":
      return `unexpected argument "${quoted}" (values go after an option, e.g. --name "Acme Inc"; quote values with spaces)`;
    case "ERR_PARSE_ARGS_INVALID_OPTION_VALUE":
      if (message.includes("does not take an argument")) return `option ${option} does not take a value`;
      if (message.includes("ambiguous")) {
        return `option ${option} needs a value (for a value starting with "-", write ${option}=-value)`;
      }
      return `option ${option} needs a value`;
    default:
      return message.split("\n")[0] ?? "invalid arguments";
  }
}
