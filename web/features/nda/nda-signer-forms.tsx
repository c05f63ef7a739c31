import { zodResolver } from "@hookform/resolvers/zod";
import { type Resolver, type UseFormRegisterReturn, useForm, useWatch } from "react-hook-form";
import { toast } from "sonner";
import {
  type CountersignNdaBody,
  NDA_SIGNER_TEXT_MAX,
  type SignNdaBody,
  countersignNdaBodySchema,
  signNdaBodySchema,
} from "#common/contracts/nda";
import { Button } from "#web/components/ui/button.tsx";
import { CharacterCount, characterCountId } from "#web/components/ui/character-count.tsx";
import { Checkbox } from "#web/components/ui/checkbox.tsx";
import { FormFailure, FormField, fieldErrorProps, useFormFailure } from "#web/components/ui/form-field.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { ApiError, fieldIssuesOf, messageOf } from "#web/lib/api-client.ts";
import { useCountersignNda, useSignNda } from "./nda-api.ts";

interface SignerFields {
  full_name: string;
  title: string;
}

type SignFormInput = SignerFields & { agreed: boolean };

/**
 * Puts a refused signature where the user sees it: field problems on their fields; a conflict
 * (already signed, or no longer awaiting countersignature) as a toast, as the page then shows the
 * NDA's new state. Returns the message to show above the button for anything else.
 */
function reportFailure<F extends string>(
  error: unknown,
  fields: readonly F[],
  setFieldError: (field: F, message: string) => void,
  conflictTitle: string,
): string | null {
  const issues = fieldIssuesOf(error).filter((issue) => (fields as readonly string[]).includes(issue.path));
  for (const issue of issues) setFieldError(issue.path as F, issue.message);
  if (issues.length > 0) return null;
  if (error instanceof ApiError && error.code === "conflict") {
    toast.error(conflictTitle, { description: error.message });
    return null;
  }
  return messageOf(error, "Something went wrong. Please try again.");
}

/**
 * Full name and job title of the person signing. Neither cuts what is typed or pasted: each counts
 * near NDA_SIGNER_TEXT_MAX and the contract's schema refuses more ("Title must be at most 200 characters").
 */
function SignerInputs({
  idPrefix,
  name,
  title,
}: {
  idPrefix: string;
  name: { field: UseFormRegisterReturn; error?: string; value: string };
  title: { field: UseFormRegisterReturn; error?: string; value: string };
}) {
  const nameId = `${idPrefix}-full-name`;
  const titleId = `${idPrefix}-title`;
  const titleHintId = `${titleId}-hint`;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField id={nameId} label="Full name" error={name.error}>
        <Input autoComplete="name" {...fieldErrorProps(nameId, name.error, characterCountId(nameId))} {...name.field} />
        <CharacterCount fieldId={nameId} value={name.value} max={NDA_SIGNER_TEXT_MAX} />
      </FormField>
      <FormField id={titleId} label="Title" error={title.error}>
        <Input autoComplete="organization-title" {...fieldErrorProps(titleId, title.error, titleHintId, characterCountId(titleId))} {...title.field} />
        <CharacterCount fieldId={titleId} value={title.value} max={NDA_SIGNER_TEXT_MAX} />
        <p id={titleHintId} className="text-xs text-[var(--color-muted-foreground)]">
          Your job title, as it should appear on the NDA.
        </p>
      </FormField>
    </div>
  );
}

/** A member signs the mutual NDA for the organization. */
export function SignNdaForm({ defaultName }: { defaultName: string }) {
  const sign = useSignNda();
  const { failure, setFailure, clearOnChange } = useFormFailure();
  const form = useForm<SignFormInput, unknown, SignNdaBody>({
    // The contract's schema, so the agreement must be exactly true as on the server; the box
    // starts unticked, which the schema's input type does not admit.
    resolver: zodResolver(signNdaBodySchema) as unknown as Resolver<SignFormInput, unknown, SignNdaBody>,
    defaultValues: { full_name: defaultName, title: "", agreed: false },
  });
  const { errors, isSubmitting } = form.formState;
  const [fullName, title] = useWatch({ control: form.control, name: ["full_name", "title"] });
  const agreedError = errors.agreed?.message;

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await sign.mutateAsync(values);
      toast.success("NDA signed");
    } catch (error) {
      const message = reportFailure(
        error,
        ["full_name", "title", "agreed"] as const,
        (field, text) => form.setError(field, { message: text }),
        "Could not sign the NDA",
      );
      if (message) setFailure(message);
    }
  });

  return (
    <form onSubmit={submit} {...clearOnChange} noValidate className="space-y-4">
      <SignerInputs
        idPrefix="nda-sign"
        name={{ field: form.register("full_name"), error: errors.full_name?.message, value: fullName }}
        title={{ field: form.register("title"), error: errors.title?.message, value: title }}
      />
      <div className="space-y-2">
        <div className="flex items-start gap-2">
          <Checkbox className="mt-0.5" {...fieldErrorProps("nda-sign-agreed", agreedError)} {...form.register("agreed")} />
          <label htmlFor="nda-sign-agreed" className="text-sm">
            I have read and agree to this mutual NDA
          </label>
        </div>
        {agreedError ? (
          <p id="nda-sign-agreed-error" className="text-sm text-[var(--color-destructive)]">
            {agreedError}
          </p>
        ) : null}
      </div>
      <FormFailure failure={failure} />
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? "Signing…" : "Sign NDA"}
      </Button>
    </form>
  );
}

/** A provider employee countersigns an NDA the organization signed. */
export function CountersignNdaForm({ ndaId, defaultName }: { ndaId: string; defaultName: string }) {
  const countersign = useCountersignNda();
  const { failure, setFailure, clearOnChange } = useFormFailure();
  const form = useForm<SignerFields, unknown, CountersignNdaBody>({
    resolver: zodResolver(countersignNdaBodySchema),
    defaultValues: { full_name: defaultName, title: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const [fullName, title] = useWatch({ control: form.control, name: ["full_name", "title"] });

  const submit = form.handleSubmit(async (body) => {
    setFailure(null);
    try {
      await countersign.mutateAsync({ ndaId, body });
      toast.success("NDA countersigned");
    } catch (error) {
      const message = reportFailure(
        error,
        ["full_name", "title"] as const,
        (field, text) => form.setError(field, { message: text }),
        "Could not countersign the NDA",
      );
      if (message) setFailure(message);
    }
  });

  return (
    <form onSubmit={submit} {...clearOnChange} noValidate className="space-y-4">
      <SignerInputs
        idPrefix="nda-countersign"
        name={{ field: form.register("full_name"), error: errors.full_name?.message, value: fullName }}
        title={{ field: form.register("title"), error: errors.title?.message, value: title }}
      />
      <FormFailure failure={failure} />
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? "Countersigning…" : "Countersign NDA"}
      </Button>
    </form>
  );
}
