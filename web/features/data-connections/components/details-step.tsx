import { ArrowLeft, ArrowRight } from "lucide-react";
import type { UseFormReturn } from "react-hook-form";
import { CONNECTION_DESCRIPTION_MAX, CONNECTION_NAME_MAX, FILES_NEED_NO_TEST_MESSAGE } from "#common/contracts/data-connections";
import { describeConnectionFields } from "#common/domain/data-source-fields";
import type { DataSource } from "#common/domain/data-sources";
import { Button } from "#web/components/ui/button.tsx";
import { FieldCharacterCount, characterCountId } from "#web/components/ui/character-count.tsx";
import { fieldErrorProps } from "#web/components/ui/form-field.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Textarea } from "#web/components/ui/textarea.tsx";
import { ConnectionFieldInput, FieldError, FieldLabel, storedSecretHint } from "./connection-field-input.tsx";
import { type ConnectionDetails, type ConnectionFormValues, removableSecrets } from "./connection-form-model.ts";
import { StepHeading } from "./step-heading.tsx";

const NAME_ID = "connection-name";
const DESCRIPTION_ID = "connection-description";

/**
 * Step 2: the connection's name and description, then the source's own fields, checked with the
 * source's schema when the user continues.
 */
export function DetailsStep({
  form,
  source,
  storedSecrets,
  onBack,
  onContinue,
}: {
  form: UseFormReturn<ConnectionFormValues, unknown, ConnectionDetails>;
  source: DataSource;
  storedSecrets: readonly string[];
  /** Absent when the source is fixed (editing). */
  onBack?: () => void;
  onContinue: () => void;
}) {
  const { errors } = form.formState;
  const fields = describeConnectionFields(source);
  const removable = removableSecrets(source, storedSecrets);
  const nameError = errors.name?.message;
  const descriptionError = errors.description?.message;
  return (
    <form
      noValidate
      aria-labelledby="setup-step-2-heading"
      className="space-y-6"
      onSubmit={(event) => {
        event.preventDefault();
        onContinue();
      }}
    >
      <StepHeading step={2} title="Details" description="Fields marked * are required." />
      <fieldset className="min-w-0 space-y-4">
        <legend className="text-base font-semibold">Connection</legend>
        <div className="space-y-2">
          <FieldLabel htmlFor={NAME_ID} required>
            Name
          </FieldLabel>
          <Input autoComplete="off" aria-required {...fieldErrorProps(NAME_ID, nameError, characterCountId(NAME_ID))} {...form.register("name")} />
          <FieldCharacterCount control={form.control} name="name" fieldId={NAME_ID} max={CONNECTION_NAME_MAX} />
          <FieldError id={NAME_ID} error={nameError} />
        </div>
        <div className="space-y-2">
          <FieldLabel htmlFor={DESCRIPTION_ID} required={false}>
            Description (optional)
          </FieldLabel>
          <Textarea rows={3} {...fieldErrorProps(DESCRIPTION_ID, descriptionError, characterCountId(DESCRIPTION_ID))} {...form.register("description")} />
          <FieldCharacterCount control={form.control} name="description" fieldId={DESCRIPTION_ID} max={CONNECTION_DESCRIPTION_MAX} />
          <FieldError id={DESCRIPTION_ID} error={descriptionError} />
        </div>
      </fieldset>
      <fieldset className="min-w-0 space-y-4">
        <legend className="text-base font-semibold">{source.name} details</legend>
        {fields.length === 0 ? (
          <p className="text-sm text-[var(--color-muted-foreground)]">{FILES_NEED_NO_TEST_MESSAGE}</p>
        ) : (
          <div className="grid gap-4 sm:grid-cols-2">
            {fields.map((field) => (
              <ConnectionFieldInput
                key={field.name}
                form={form}
                field={field}
                stored={field.secret && storedSecrets.includes(field.name)}
                storedHint={storedSecretHint(source.kind)}
                removable={removable.includes(field.name)}
              />
            ))}
          </div>
        )}
      </fieldset>
      <div className="flex flex-wrap justify-between gap-2 border-t border-[var(--color-border)] pt-4">
        {onBack ? (
          <Button type="button" variant="outline" onClick={onBack}>
            <ArrowLeft aria-hidden="true" />
            Back
          </Button>
        ) : (
          <span />
        )}
        <Button type="submit">
          Continue
          <ArrowRight aria-hidden="true" />
        </Button>
      </div>
    </form>
  );
}
