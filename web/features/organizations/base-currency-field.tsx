import { Link } from "react-router";
import type { OrganizationProfile } from "#common/contracts/organization-profile";
import { cn } from "#web/lib/cn.ts";

/**
 * The base currency, read-only: Financial Setup is its one source (decision 046), so the profile
 * shows it with a link there, as the configuration questionnaire shows the answers it gives.
 */
export function BaseCurrencyField({ baseCurrency }: { baseCurrency: OrganizationProfile["base_currency"] }) {
  const { code, name, answered_in: answeredIn } = baseCurrency;
  const shown = code === null ? null : name ? `${code} — ${name}` : code;
  return (
    <div role="group" aria-labelledby="base_currency-label" className="min-w-0 space-y-1.5">
      <p id="base_currency-label" className="text-sm font-medium">
        Base currency
      </p>
      <p className={cn("text-sm break-words", shown === null && "text-[var(--color-muted-foreground)]")}>{shown ?? "Not set yet"}</p>
      <p className="text-sm text-[var(--color-muted-foreground)]">
        From{" "}
        <Link to={answeredIn.route} className="font-medium text-[var(--color-primary)] underline underline-offset-4">
          {answeredIn.label}
        </Link>
        {shown === null ? ": set it there." : ". Change it there."}
      </p>
    </div>
  );
}
