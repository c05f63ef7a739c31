import path from "node:path";

/** `npm run` starts scripts in the package folder; a relative path means the operator's folder. */
export function resolveOperatorPath(file: string, env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(env.INIT_CWD ?? process.cwd(), file);
}
