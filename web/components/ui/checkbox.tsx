import type { ComponentProps } from "react";
import { cn } from "#web/lib/cn.ts";

/**
 * A native checkbox in the portal's colours. Native, so that React Hook Form's `register` groups
 * several boxes of one name into a list and the browser handles keyboard and forms.
 */
export function Checkbox({ className, ...props }: Omit<ComponentProps<"input">, "type">) {
  return (
    <input
      type="checkbox"
      className={cn(
        "size-4 shrink-0 cursor-pointer rounded border-[var(--color-border)] accent-[var(--color-primary)]",
        "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-[var(--color-ring)] focus-visible:ring-offset-2",
        "disabled:cursor-not-allowed disabled:opacity-50",
        className,
      )}
      {...props}
    />
  );
}
