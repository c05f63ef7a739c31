import { ArrowLeft, PlugZap } from "lucide-react";
import { type ConnectionTestResult, FILES_NEED_NO_TEST_MESSAGE } from "#common/contracts/data-connections";
import { type ConnectionFieldDescriptor, describeConnectionFields } from "#common/domain/data-source-fields";
import type { DataSource } from "#common/domain/data-sources";
import { Button } from "#web/components/ui/button.tsx";
import { humanizeOption } from "#web/features/data-connections/data-connection-format.ts";
import type { ConnectionFormValues } from "./connection-form-model.ts";
import { ConnectionTestOutcome } from "./connection-test-result.tsx";
import { StepHeading } from "./step-heading.tsx";

export interface TestState {
  pending: boolean;
  result: ConnectionTestResult | null;
  /** Why the test could not run at all. */
  error: string | null;
}

function shownValue(field: ConnectionFieldDescriptor, values: ConnectionFormValues, stored: boolean): string {
  const value = values.connection_config[field.name];
  if (field.input === "checkbox") return value === true ? "Yes" : "No";
  const text = typeof value === "string" ? value.trim() : "";
  if (field.secret) {
    if (values.clear_secrets[field.name] === true) return "Removed when saved";
    return value ? "Entered (hidden)" : stored ? "Stored, kept as is" : "Not set";
  }
  if (text === "") return field.defaultValue === undefined ? "Not set" : `${field.defaultValue} (default)`;
  return field.input === "select" ? humanizeOption(text) : text;
}

function SummaryRow({ term, value }: { term: string; value: string }) {
  return (
    <div className="contents">
      <dt className="text-[var(--color-muted-foreground)]">{term}</dt>
      <dd className="break-words">{value}</dd>
    </div>
  );
}

/**
 * Step 3: what will be saved, "Test connection" with its honest outcome, and Save. Save does not
 * need a test first: the server tests a database itself when saving it (a failure is saved as
 * Error, with its reason), and a hosted system is verified by its first sync.
 */
export function ReviewStep({
  source,
  values,
  storedSecrets,
  editing,
  test,
  saving,
  submitting,
  failure,
  onBack,
  onTest,
  onSave,
}: {
  source: DataSource;
  values: ConnectionFormValues;
  storedSecrets: readonly string[];
  editing: boolean;
  test: TestState;
  saving: boolean;
  /** A test or save has been asked for and is being checked: neither can be asked for again yet. */
  submitting: boolean;
  failure: readonly string[];
  onBack: () => void;
  onTest: () => void;
  onSave: () => void;
}) {
  const fields = describeConnectionFields(source);
  return (
    <form
      noValidate
      aria-labelledby="setup-step-3-heading"
      className="space-y-6"
      onSubmit={(event) => {
        event.preventDefault();
        onSave();
      }}
    >
      <StepHeading step={3} title="Test and save" description="Check the details, test the connection, then save it." />
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
        <SummaryRow term="Source" value={source.name} />
        <SummaryRow term="Name" value={values.name.trim()} />
        <SummaryRow term="Description" value={values.description.trim() || "None"} />
        {fields.map((field) => (
          <SummaryRow
            key={field.name}
            term={field.label}
            value={shownValue(field, values, storedSecrets.includes(field.name))}
          />
        ))}
      </dl>
      <section aria-labelledby="connection-test-heading" className="space-y-3 rounded-lg border border-[var(--color-border)] p-4">
        <h3 id="connection-test-heading" className="font-semibold">
          Connection test
        </h3>
        {source.kind === "files" ? (
          <p className="text-sm">{FILES_NEED_NO_TEST_MESSAGE}</p>
        ) : (
          <>
            <p className="text-sm text-[var(--color-muted-foreground)]">
              {source.kind === "database"
                ? "The portal connects to the database with these details and lists the tables it can read. Saving tests it again and records the result."
                : `The portal cannot reach ${source.name} from here: the test checks the details, and the first sync verifies the connection.`}
            </p>
            <Button type="button" variant="outline" disabled={test.pending || saving || submitting} onClick={onTest}>
              <PlugZap aria-hidden="true" />
              {test.pending ? "Testing…" : "Test connection"}
            </Button>
            <div aria-live="polite" className="space-y-2">
              {test.result ? <ConnectionTestOutcome result={test.result} /> : null}
              {test.error ? (
                <p role="alert" className="rounded-md border border-[var(--color-destructive)] p-3 text-sm text-[var(--color-destructive)]">
                  {test.error}
                </p>
              ) : null}
            </div>
          </>
        )}
      </section>
      {failure.length > 0 ? (
        <div role="alert" className="space-y-1 rounded-md border border-[var(--color-destructive)] p-3 text-sm text-[var(--color-destructive)]">
          {failure.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      ) : null}
      <div className="flex flex-wrap justify-between gap-2 border-t border-[var(--color-border)] pt-4">
        <Button type="button" variant="outline" disabled={saving} onClick={onBack}>
          <ArrowLeft aria-hidden="true" />
          Back
        </Button>
        <Button type="submit" disabled={saving || submitting || test.pending}>
          {saving ? "Saving…" : editing ? "Save changes" : "Save connection"}
        </Button>
      </div>
    </form>
  );
}
