import type { FieldValues, Resolver } from "react-hook-form";
import type { $ZodType } from "zod/v4/core";
import { type LazyModule, lazyModule } from "./load-when-idle.ts";

/**
 * A React Hook Form resolver whose zod schema (with zod and the resolver) downloads the first time
 * the form validates, instead of with the page: a screen that must show fast (sign-in) stays
 * light. `preload` starts the download early (when idle); validation waits for it when needed.
 */
export function lazyZodResolver<TValues extends FieldValues>(
  loadSchema: () => Promise<$ZodType<TValues, TValues>>,
): { resolver: Resolver<TValues>; preload: () => void } {
  const rules: LazyModule<Resolver<TValues>> = lazyModule(async () => {
    const [{ zodResolver }, schema] = await Promise.all([import("@hookform/resolvers/zod"), loadSchema()]);
    return zodResolver(schema) as Resolver<TValues>;
  });
  return {
    resolver: async (values, context, options) => (await rules.load())(values, context, options),
    preload: () => void rules.load().catch(() => undefined),
  };
}
