import { ANNUAL_REVENUE_BANDS, BUSINESS_ASPECTS, EMPLOYEE_COUNT_BANDS, MAX_GOALS } from "#common/contracts/launchpad-pages";
import type { LaunchpadField } from "./launchpad-fields.ts";
import { LaunchpadPageForm } from "./launchpad-page-form.tsx";

const FIELDS: readonly LaunchpadField[] = [
  { kind: "text", name: "industry", label: "Industry", maxCharacters: 100, example: "Wholesale distribution" },
  { kind: "select", name: "employee_count", label: "Number of employees", options: EMPLOYEE_COUNT_BANDS },
  { kind: "select", name: "annual_revenue", label: "Annual revenue", options: ANNUAL_REVENUE_BANDS },
  {
    kind: "text",
    name: "website",
    label: "Website (optional)",
    type: "url",
    maxCharacters: 2048,
    autoComplete: "url",
    example: "https://example.com",
  },
  {
    kind: "list",
    name: "goals",
    label: "Goals",
    hint: `What the new system should help you achieve, up to ${MAX_GOALS}.`,
    itemLabel: "Goal",
    addLabel: "Add goal",
    max: MAX_GOALS,
    items: "strings",
  },
  {
    kind: "checkboxes",
    name: "business_aspects",
    label: "Business aspects",
    hint: "Every part of the business the system will run. It decides which setup pages follow.",
    options: BUSINESS_ASPECTS,
  },
];

/** /goals: Business Setup, the organization's profile, goals and business aspects. */
export default function BusinessSetupPage() {
  return (
    <LaunchpadPageForm
      pageId="business-setup"
      intro="Tell us about your business and what you want to achieve. Save a draft at any time; mark the page complete once every answer is in."
      fields={FIELDS}
    />
  );
}
