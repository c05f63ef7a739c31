import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { type FieldErrors, type FieldPath, type Resolver, useForm } from "react-hook-form";
import { type NavigateOptions, type To, useNavigate } from "react-router";
import type { DataConnection } from "#common/contracts/data-connections";
import { type DataSource, type DataSourceId, requireDataSource } from "#common/domain/data-sources";
import { fieldIssuesOf, messageOf } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/realtime/event-query-keys.ts";
import { useCreateConnection, useTestConnection, useUpdateConnection } from "#web/features/data-connections/api/data-connections-api.ts";
import { DATA_SETUP_PATH } from "#web/features/data-connections/data-connection-format.ts";
import { isNoOrganization, reportSaved, showAlreadyExists, showConnectionFailure, showNoOrganization } from "#web/features/data-connections/data-connection-toasts.ts";
import {
  CONFIG_PREFIX,
  type ConnectionDetails,
  type ConnectionFormValues,
  buildConnectionFormSchema,
  configToSend,
  createFormValues,
  editFormValues,
  fieldIdOf,
  fieldPathsOf,
  splitFieldIssues,
  toCreateBody,
  toUpdateBody,
} from "./connection-form-model.ts";
import { DetailsStep } from "./details-step.tsx";
import { ReviewStep, type TestState } from "./review-step.tsx";
import { SetupLeaveGuard } from "./setup-leave-guard.tsx";
import { type SetupStep, SetupStepper } from "./setup-stepper.tsx";
import { SourceStep, firstSourceRadioId } from "./source-step.tsx";
import { stepHeadingId } from "./step-heading.tsx";

export const CHOOSE_SOURCE_MESSAGE = "Choose a data source";

const NO_TEST: TestState = { pending: false, result: null, error: null };
const NO_SECRETS: readonly string[] = [];
const EMPTY_FORM: ConnectionFormValues = { name: "", description: "", connection_config: {}, clear_secrets: {} };

export type WizardProps =
  | { mode: "create"; existing: ReadonlyMap<string, DataConnection> }
  | { mode: "edit"; connection: DataConnection; source: DataSource };

/** The first of `paths` in the order the form shows its fields. */
function firstInFormOrder(source: DataSource, paths: readonly string[]): string | undefined {
  return fieldPathsOf(source).find((path) => paths.includes(path));
}

/** The paths of the fields `errors` has a problem for. */
function errorPaths(errors: FieldErrors<ConnectionFormValues>): string[] {
  return [
    ...(errors.name ? ["name"] : []),
    ...(errors.description ? ["description"] : []),
    ...Object.keys(errors.connection_config ?? {}).map((name) => `${CONFIG_PREFIX}${name}`),
  ];
}

/**
 * The three steps of a connection: choose the source, fill in its details (checked with the
 * source's schema), then test and save. Editing starts at the details with the source fixed.
 */
export function ConnectionWizard(props: WizardProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const create = useCreateConnection();
  const update = useUpdateConnection();
  const test = useTestConnection();
  const editing = props.mode === "edit" ? props.connection : null;
  const [sourceId, setSourceId] = useState<DataSourceId | null>(props.mode === "edit" ? props.source.id : null);
  const source = props.mode === "edit" ? props.source : sourceId ? requireDataSource(sourceId) : null;
  const storedSecrets = editing?.secrets_set ?? NO_SECRETS;
  const [step, setStep] = useState<SetupStep>(editing ? 2 : 1);
  const [sourceError, setSourceError] = useState<string | null>(null);
  const [testState, setTestState] = useState<TestState>(NO_TEST);
  const [failure, setFailure] = useState<string[]>([]);
  const schema = useMemo(() => (source ? buildConnectionFormSchema(source, storedSecrets) : null), [source, storedSecrets]);
  const form = useForm<ConnectionFormValues, unknown, ConnectionDetails>({
    // The source's own schema (the server checks connection_config with it); cast because its
    // input side is what the form holds before coercion, which zod types as unknown.
    resolver: schema ? (zodResolver(schema) as unknown as Resolver<ConnectionFormValues, unknown, ConnectionDetails>) : undefined,
    defaultValues: editing && source ? editFormValues(source, editing) : EMPTY_FORM,
  });
  const saving = create.isPending || update.isPending;
  // A second Save before the first is under way (validation runs first) must not send twice.
  const saveStarted = useRef(false);
  // Each test run's number: a run the user has moved on from (back to the details) is ignored.
  const testRun = useRef(0);
  // Lets the wizard's own move after a save past the leave guard, once.
  const allowLeave = useRef(false);
  // A save that ends after the wizard is gone (the shell unmounted it) must not navigate.
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  function goTo(next: SetupStep, focusId?: string) {
    flushSync(() => {
      // At the details the values may change: an earlier test or failure no longer applies.
      if (next === 2) {
        testRun.current += 1;
        setTestState(NO_TEST);
        setFailure([]);
      }
      setStep(next);
    });
    document.getElementById(focusId ?? stepHeadingId(next))?.focus();
  }

  /** The wizard's own move after a save: past the leave guard, and never once it is unmounted. */
  async function leaveTo(to: To, options?: NavigateOptions) {
    if (!mounted.current) return;
    allowLeave.current = true;
    try {
      await navigate(to, options);
    } finally {
      allowLeave.current = false;
    }
  }

  function chooseSource(id: DataSourceId) {
    setSourceError(null);
    if (id === sourceId) return;
    const next = requireDataSource(id);
    const { name, description } = form.getValues();
    // A name the user typed survives a change of source; the previous source's default does not.
    const typedName = source !== null && name.trim() !== "" && name !== source.name ? name : null;
    form.reset(createFormValues(next));
    if (typedName) form.setValue("name", typedName, { shouldDirty: true });
    if (description) form.setValue("description", description, { shouldDirty: true });
    setSourceId(id);
  }

  function continueFromSource() {
    if (!source) {
      setSourceError(CHOOSE_SOURCE_MESSAGE);
      const firstRadio = props.mode === "create" ? firstSourceRadioId(props.existing) : undefined;
      if (firstRadio) document.getElementById(firstRadio)?.focus();
      return;
    }
    goTo(2);
  }

  /** Puts the server's field problems on their fields (back at the details); returns the others. */
  function placeServerIssues(error: unknown, current: DataSource): { placed: boolean; other: string[] } {
    const { onFields, other } = splitFieldIssues(fieldIssuesOf(error), current);
    for (const issue of onFields) form.setError(issue.path as FieldPath<ConnectionFormValues>, { message: issue.message });
    if (onFields.length === 0) return { placed: false, other };
    const first = firstInFormOrder(current, onFields.map((issue) => issue.path));
    goTo(2, first ? fieldIdOf(first) : undefined);
    return { placed: true, other };
  }

  // Checked at the details already; a value the schema refuses now sends the user back there.
  function returnToProblem(errors: FieldErrors<ConnectionFormValues>) {
    if (!source) return;
    const path = firstInFormOrder(source, errorPaths(errors));
    goTo(2, path ? fieldIdOf(path) : undefined);
  }

  async function testDetails(details: ConnectionDetails) {
    if (!source) return;
    const run = ++testRun.current;
    setTestState({ pending: true, result: null, error: null });
    try {
      const result = await test.mutateAsync({
        data_source_id: source.id,
        ...(editing ? { connection_config: configToSend(details), connection_id: editing.id } : { connection_config: details.connection_config }),
      });
      if (run === testRun.current && mounted.current) setTestState({ pending: false, result, error: null });
    } catch (error) {
      if (run !== testRun.current || !mounted.current) return;
      if (isNoOrganization(error)) showNoOrganization();
      const { placed, other } = placeServerIssues(error, source);
      const message = other.length > 0 ? other.join(" ") : messageOf(error, "The test could not run. Please try again.");
      setTestState({ pending: false, result: null, error: placed ? null : `The test could not run: ${message}` });
    }
  }

  async function saveDetails(details: ConnectionDetails) {
    if (!source || saveStarted.current) return;
    saveStarted.current = true;
    setFailure([]);
    try {
      if (editing) {
        const saved = await update.mutateAsync({ connectionId: editing.id, body: toUpdateBody(details) });
        queryClient.setQueryData(queryKeys.dataConnection(saved.id), saved);
        reportSaved(saved, "Data connection has been updated.");
        await leaveTo(DATA_SETUP_PATH);
        return;
      }
      const { connection, created } = await create.mutateAsync(toCreateBody(source, details));
      queryClient.setQueryData(queryKeys.dataConnection(connection.id), connection);
      if (!created) {
        // The organization connected this source meanwhile: open that connection instead.
        if (!mounted.current) return;
        showAlreadyExists(connection, source.name);
        await leaveTo({ search: `?connection=${encodeURIComponent(connection.id)}` });
        return;
      }
      reportSaved(connection, "Data connection has been created.");
      await leaveTo(DATA_SETUP_PATH);
    } catch (error) {
      showConnectionFailure(editing ? "updateFailed" : "createFailed", error);
      if (!mounted.current) return;
      const { placed, other } = placeServerIssues(error, source);
      if (!placed) setFailure(other.length > 0 ? other : [messageOf(error, "Something went wrong. Please try again.")]);
    } finally {
      saveStarted.current = false;
    }
  }

  const labels = [source && editing ? `Source: ${source.name}` : "Choose the source", "Details", "Test and save"] as const;
  return (
    <div className="space-y-6">
      <SetupStepper current={step} labels={labels} />
      {step === 1 && props.mode === "create" ? (
        <SourceStep value={sourceId} existing={props.existing} error={sourceError} onChange={chooseSource} onContinue={continueFromSource} />
      ) : null}
      {step === 2 && source ? (
        <DetailsStep
          form={form}
          source={source}
          storedSecrets={storedSecrets}
          onBack={editing ? undefined : () => goTo(1)}
          onContinue={() => void form.handleSubmit(() => goTo(3))()}
        />
      ) : null}
      {step === 3 && source ? (
        <ReviewStep
          source={source}
          values={form.getValues()}
          storedSecrets={storedSecrets}
          editing={editing !== null}
          test={testState}
          saving={saving}
          submitting={form.formState.isSubmitting}
          failure={failure}
          onBack={() => goTo(2)}
          onTest={() => void form.handleSubmit(testDetails, returnToProblem)()}
          onSave={() => void form.handleSubmit(saveDetails, returnToProblem)()}
        />
      ) : null}
      <SetupLeaveGuard dirty={form.formState.isDirty} saving={saving} allowNextLeaveRef={allowLeave} />
    </div>
  );
}
