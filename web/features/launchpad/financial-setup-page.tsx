import { MAX_ENTITIES } from "#common/contracts/launchpad-pages";
import { CURRENCIES, currencyLabel } from "#common/domain/currencies";
import { PERIOD_TYPES, PERIOD_TYPE_LABELS } from "#common/domain/financial-calendar";
import type { LaunchpadField, SelectOption } from "./launchpad-fields.ts";
import { LaunchpadPageForm } from "./launchpad-page-form.tsx";

const MONTHS: readonly SelectOption[] = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
].map((month, index) => ({ value: String(index + 1), label: month }));

const CURRENCY_OPTIONS: readonly SelectOption[] = CURRENCIES.map((currency) => ({ value: currency.code, label: currencyLabel(currency) }));

const FIELDS: readonly LaunchpadField[] = [
  { kind: "select", name: "fiscal_year_start_month", label: "Fiscal year start month", options: MONTHS, numeric: true },
  {
    kind: "select",
    name: "period_type",
    label: "Period type",
    options: PERIOD_TYPES.map((value) => ({ value, label: PERIOD_TYPE_LABELS[value] })),
  },
  {
    kind: "select",
    name: "base_currency",
    label: "Base currency",
    hint: "The currency you keep your books in. Type its code or name to find it.",
    options: CURRENCY_OPTIONS,
    searchable: { searchLabel: "Search currencies", emptyText: "No currency matches. Try its three-letter code or its name." },
  },
  {
    kind: "list",
    name: "entities",
    label: "Legal entities",
    hint: "Each company you keep books for, with a different name.",
    itemLabel: "Entity",
    addLabel: "Add entity",
    max: MAX_ENTITIES,
    items: [{ key: "name", label: "name", maxCharacters: 200 }],
  },
];

/** /financial-calendar: Financial Setup, the fiscal calendar, currency and entities. */
export default function FinancialSetupPage() {
  return (
    <LaunchpadPageForm
      pageId="financial-setup"
      intro="Your fiscal calendar, base currency and the entities you keep books for, so that the ledgers are set up to match."
      fields={FIELDS}
    />
  );
}
