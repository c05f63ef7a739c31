import type { ReactNode } from "react";
import { Controller, type UseFormReturn, useWatch } from "react-hook-form";
import type { ConnectionFieldDescriptor } from "#common/domain/data-source-fields";
import type { DataSourceKind } from "#common/domain/data-sources";
import { Checkbox } from "#web/components/ui/checkbox.tsx";
import { fieldErrorProps } from "#web/components/ui/form-field.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Label } from "#web/components/ui/label.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "#web/components/ui/select.tsx";
import { humanizeOption } from "#web/features/data-connections/data-connection-format.ts";
import type { ConnectionDetails, ConnectionFormValues } from "./connection-form-model.ts";
import { fieldIdOf } from "./connection-form-model.ts";

type ConnectionForm = UseFormReturn<ConnectionFormValues, unknown, ConnectionDetails>;

export const STORED_SECRET_HINT = "A value is stored. Leave this empty to keep it, or type a new one to replace it.";
/** A database's stored password goes only to the server it was entered for. */
export const STORED_DATABASE_SECRET_HINT = `${STORED_SECRET_HINT} If you change the host, port, database, user name or SSL setting, type it again.`;

export function storedSecretHint(kind: DataSourceKind): string {
  return kind === "database" ? STORED_DATABASE_SECRET_HINT : STORED_SECRET_HINT;
}

/** An optional stored secret (a database password) can also be removed, when the server no longer asks for one. */
function RemoveSecret({ form, field, id }: { form: ConnectionForm; field: ConnectionFieldDescriptor; id: string }) {
  const removeId = `${id}-remove`;
  return (
    <div className="flex items-center gap-2">
      <Checkbox id={removeId} {...form.register(`clear_secrets.${field.name}`)} />
      <Label htmlFor={removeId} className="font-normal">
        Remove the stored {field.label.toLowerCase()}
      </Label>
    </div>
  );
}

/** A label, with a visible mark (announced by the input's own required state) when the field is required. */
export function FieldLabel({ htmlFor, required, children }: { htmlFor: string; required: boolean; children: ReactNode }) {
  return (
    <Label htmlFor={htmlFor}>
      {children}
      {required ? (
        <span aria-hidden="true" className="ml-0.5 text-[var(--color-destructive)]">
          *
        </span>
      ) : null}
    </Label>
  );
}

export function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={`${id}-error`} className="text-sm text-[var(--color-destructive)]">
      {error}
    </p>
  ) : null;
}

function Hint({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="text-xs text-[var(--color-muted-foreground)]">
      {children}
    </p>
  );
}

/**
 * One of the source's fields, drawn from its descriptor: text, a password for secrets, a number,
 * a checkbox or a select. A secret with a stored value starts empty and keeps it unless replaced.
 */
export function ConnectionFieldInput({
  form,
  field,
  stored,
  storedHint,
  removable,
}: {
  form: ConnectionForm;
  field: ConnectionFieldDescriptor;
  /** A value is stored for this secret. */
  stored: boolean;
  /** What the stored value's hint says (when it is kept). */
  storedHint: string;
  /** The stored value may be removed (the field is optional). */
  removable: boolean;
}) {
  const path = `connection_config.${field.name}` as const;
  const id = fieldIdOf(path);
  const error = form.formState.errors.connection_config?.[field.name]?.message;
  const removing = useWatch({ control: form.control, name: `clear_secrets.${field.name}` }) === true;
  // A stored secret may stay empty, so it is not required here even when the source requires it.
  const required = field.required && !stored;
  const hints = [field.help ? `${id}-help` : "", stored ? `${id}-stored` : ""].filter(Boolean);
  const describedBy = fieldErrorProps(id, error, ...hints);
  const hintTexts = (
    <>
      {field.help ? <Hint id={`${id}-help`}>{field.help}</Hint> : null}
      {stored ? <Hint id={`${id}-stored`}>{storedHint}</Hint> : null}
    </>
  );

  if (field.input === "checkbox") {
    return (
      <div className="space-y-1.5 sm:col-span-2">
        <div className="flex items-center gap-2">
          <Checkbox {...describedBy} {...form.register(path)} />
          <Label htmlFor={id}>{field.label}</Label>
        </div>
        {hintTexts}
        <FieldError id={id} error={error} />
      </div>
    );
  }

  if (field.input === "select") {
    return (
      <div className="space-y-2">
        <FieldLabel htmlFor={id} required={required}>
          {field.label}
        </FieldLabel>
        <Controller
          control={form.control}
          name={path}
          render={({ field: control }) => (
            <Select value={String(control.value)} onValueChange={control.onChange}>
              <SelectTrigger ref={control.ref} onBlur={control.onBlur} aria-required={required || undefined} {...describedBy}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {(field.options ?? []).map((option) => (
                  <SelectItem key={option} value={option}>
                    {humanizeOption(option)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />
        {hintTexts}
        <FieldError id={id} error={error} />
      </div>
    );
  }

  if (removable && removing) {
    return (
      <div className="space-y-2">
        <p className="text-sm font-medium">{field.label}</p>
        <RemoveSecret form={form} field={field} id={id} />
        <Hint id={`${id}-removed`}>The stored {field.label.toLowerCase()} is removed when you save.</Hint>
      </div>
    );
  }

  // The source's placeholder is a sample value: shown as "e.g. …", never as if typed. A stored
  // secret's hint says it is kept; an emptied number's default is shown on the review step.
  const kind =
    field.input === "password"
      ? // new-password keeps browsers from filling in the portal's own sign-in password.
        { type: "password", autoComplete: "new-password", example: stored ? undefined : field.placeholder }
      : field.input === "number"
        ? // Text with a numeric keyboard: a number input would swallow what is typed wrong instead of showing why.
          { type: "text", inputMode: "numeric" as const, autoComplete: "off", example: field.placeholder }
        : { type: "text", autoComplete: "off", spellCheck: false, example: field.placeholder };
  return (
    <div className="space-y-2">
      <FieldLabel htmlFor={id} required={required}>
        {field.label}
      </FieldLabel>
      <Input aria-required={required || undefined} {...kind} {...describedBy} {...form.register(path)} />
      {hintTexts}
      <FieldError id={id} error={error} />
      {removable ? <RemoveSecret form={form} field={field} id={id} /> : null}
    </div>
  );
}
