import { type ClassValue, clsx } from "clsx";
import { createTailwindMerge } from "tailwind-merge";
import { getClassMergeConfig } from "./class-merge-config.ts";

// twMerge would bring tailwind-merge's whole default configuration to every first screen.
const mergeClasses = createTailwindMerge(getClassMergeConfig);

/** Joins class names, letting later Tailwind utilities override earlier ones. */
export function cn(...inputs: ClassValue[]): string {
  return mergeClasses(clsx(inputs));
}
