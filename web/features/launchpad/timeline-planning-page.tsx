import { MAX_KEY_DATES } from "#common/contracts/launchpad-pages";
import type { LaunchpadField } from "./launchpad-fields.ts";
import { LaunchpadPageForm } from "./launchpad-page-form.tsx";

const FIELDS: readonly LaunchpadField[] = [
  { kind: "date", name: "go_live_date", label: "Go-live date", hint: "The day you plan to start working in the new system." },
  {
    kind: "list",
    name: "key_dates",
    label: "Key dates",
    hint: `Optional. Dates before go-live that the plan must respect, such as a year-end close, up to ${MAX_KEY_DATES}.`,
    itemLabel: "Key date",
    addLabel: "Add key date",
    max: MAX_KEY_DATES,
    items: [
      { key: "label", label: "label", maxCharacters: 100 },
      { key: "date", label: "date", type: "date" },
    ],
  },
];

/** /timeline: Timeline Planning, the go-live date and the key dates before it. */
export default function TimelinePlanningPage() {
  return (
    <LaunchpadPageForm
      pageId="timeline-planning"
      intro="When you want to go live and the dates the launch plan has to work around."
      fields={FIELDS}
    />
  );
}
