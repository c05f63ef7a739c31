import { Check, Circle } from "lucide-react";
import { PASSWORD_MIN_LENGTH, PASSWORD_REQUIREMENTS } from "#common/contracts/auth";

// Same order as PASSWORD_REQUIREMENTS. Only the length is enforced (spec §5); the others are advice.
const CHECKS: ((password: string) => boolean)[] = [
  (password) => password.length >= PASSWORD_MIN_LENGTH,
  (password) => /[a-z]/.test(password) && /[A-Z]/.test(password),
  (password) => /\d/.test(password),
  (password) => /[^A-Za-z0-9]/.test(password),
];

/** The password advice under a new-password field, ticking what the typed password meets. */
export function PasswordRequirements({ id, password }: { id: string; password: string }) {
  return (
    <ul id={id} aria-label="Password requirements" className="space-y-1 text-sm text-[var(--color-muted-foreground)]">
      {PASSWORD_REQUIREMENTS.map((requirement, index) => {
        const met = CHECKS[index]?.(password) ?? false;
        return (
          <li key={requirement} className="flex items-center gap-2" data-met={met}>
            {met ? (
              <Check className="size-4 shrink-0 text-[var(--color-primary)]" aria-hidden="true" />
            ) : (
              <Circle className="mx-0.5 size-3 shrink-0" aria-hidden="true" />
            )}
            <span className="sr-only">{met ? "Met: " : "Not met: "}</span>
            <span>{requirement}</span>
          </li>
        );
      })}
    </ul>
  );
}
