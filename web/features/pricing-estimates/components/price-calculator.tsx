import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import type { CatalogRow } from "#common/contracts/pricing-catalog";
import { ESTIMATE_NAME_MAX, type Estimate } from "#common/contracts/pricing-estimates";
import { type EditionId, findEdition } from "#common/domain/pricing";
import { Button } from "#web/components/ui/button.tsx";
import { CharacterCount, characterCountId } from "#web/components/ui/character-count.tsx";
import { FormFailure, FormField, fieldErrorProps, useFormFailure } from "#web/components/ui/form-field.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { useCreateEstimate, useUpdateEstimate } from "#web/features/pricing-estimates/api/pricing-estimates-api.ts";
import {
  type CalculatorDraft,
  type PlacedIssues,
  countUnofferedLines,
  createDraftFromEstimate,
  createEmptyDraft,
  describeCalculator,
  hasPlacedIssues,
  placeServerIssues,
  signDraft,
} from "#web/features/pricing-estimates/calculator-model.ts";
import { ESTIMATE_TOASTS, showEstimateToast } from "#web/features/pricing-estimates/estimate-toasts.ts";
import { fieldIssuesOf, messageOf } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/realtime/event-query-keys.ts";
import { AddOnGroups, addOnFieldId } from "./addon-groups.tsx";
import { CalculatorLeaveGuard, SKIP_LEAVE_GUARD } from "./calculator-leave-guard.tsx";
import { EditionPicker } from "./edition-picker.tsx";
import { IncludedItems } from "./included-items.tsx";
import { MonthlyTotal } from "./monthly-total.tsx";

const NO_ISSUES: PlacedIssues = { lines: new Map(), other: [] };
const NAME_ID = "estimate-name";

function draftOf(estimate: Estimate | null): CalculatorDraft {
  return estimate ? createDraftFromEstimate(estimate) : createEmptyDraft();
}

/**
 * The calculator: an edition, its included items, the chosen add-ons and the monthly total. New,
 * it saves a new estimate; with an unlocked `estimate` it edits that one or saves a copy.
 */
export function PriceCalculator({ rows, estimate }: { rows: readonly CatalogRow[]; estimate: Estimate | null }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const create = useCreateEstimate();
  const update = useUpdateEstimate();
  const [draft, setDraft] = useState(() => draftOf(estimate));
  const [baseline, setBaseline] = useState(() => draftOf(estimate));
  const [seenVersion, setSeenVersion] = useState(estimate?.updated_at ?? null);
  const [issues, setIssues] = useState(NO_ISSUES);
  const { failure, setFailure, clearOnChange } = useFormFailure();
  const dirty = signDraft(draft, rows) !== signDraft(baseline, rows);

  // Saved elsewhere meanwhile (another tab, a colleague): show it, unless this calculator has edits.
  if (estimate && estimate.updated_at !== seenVersion) {
    setSeenVersion(estimate.updated_at);
    if (!dirty) {
      setDraft(createDraftFromEstimate(estimate));
      setBaseline(createDraftFromEstimate(estimate));
    }
  }

  const state = describeCalculator(draft, rows);
  const edition = findEdition(draft.editionId);
  const pending = create.isPending || update.isPending;
  const left = estimate ? estimate.excluded_line_count + countUnofferedLines(estimate, rows) : 0;

  function changePick(inventoryId: string, change: { selected?: boolean; quantity?: string }) {
    const picks = new Map(draft.picks);
    const current = picks.get(inventoryId) ?? { selected: false, quantity: "1" };
    picks.set(inventoryId, { ...current, ...change });
    setDraft({ ...draft, picks });
    if (issues.lines.has(inventoryId)) {
      const lines = new Map(issues.lines);
      lines.delete(inventoryId);
      setIssues({ ...issues, lines });
    }
  }

  function focusFirstProblem() {
    const line = state.groups.flatMap((group) => group.lines).find((candidate) => candidate.error);
    document.getElementById(line ? addOnFieldId(line.row.inventory_id, "quantity") : NAME_ID)?.focus();
  }

  async function save(mode: "update" | "create") {
    const body = state.body;
    if (!body) {
      focusFirstProblem();
      return;
    }
    setIssues(NO_ISSUES);
    setFailure(null);
    try {
      const saved =
        mode === "update" && estimate ? await update.mutateAsync({ estimateId: estimate.id, body }) : await create.mutateAsync(body);
      queryClient.setQueryData(queryKeys.estimate(saved.id), saved);
      showEstimateToast(ESTIMATE_TOASTS.saved);
      if (saved.id === estimate?.id) {
        setSeenVersion(saved.updated_at);
        setDraft(createDraftFromEstimate(saved));
        setBaseline(createDraftFromEstimate(saved));
      } else {
        // The new estimate opens in its place, so the next save updates it.
        await navigate({ search: `?estimate=${encodeURIComponent(saved.id)}` }, { state: SKIP_LEAVE_GUARD });
      }
    } catch (error) {
      const placed = placeServerIssues(fieldIssuesOf(error), body.lines);
      // Issues no field shows are about the attempt as a whole: the form's failure, gone on any change.
      setIssues({ ...placed, other: [] });
      if (placed.other.length > 0) setFailure(placed.other.join(" "));
      else if (!hasPlacedIssues(placed)) setFailure(messageOf(error, "Something went wrong. Please try again."));
      showEstimateToast(ESTIMATE_TOASTS.saveFailed);
    }
  }

  const nameError = state.nameError ?? issues.name;
  return (
    <form
      id="price-calculator"
      aria-label="Price calculator"
      noValidate
      className="space-y-6"
      {...clearOnChange}
      onSubmit={(event) => {
        event.preventDefault();
        void save(estimate ? "update" : "create");
      }}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm">
          {estimate ? (
            <>
              Editing <strong className="font-semibold">{estimate.name}</strong>
            </>
          ) : (
            "New estimate"
          )}
        </p>
        {estimate ? (
          <Button asChild variant="outline" size="sm">
            <Link to="/price">Start a new estimate</Link>
          </Button>
        ) : null}
      </div>
      {left > 0 ? (
        <p role="note" className="rounded-md border border-[var(--color-border)] p-3 text-sm">
          {left === 1 ? "1 add-on of this estimate is" : `${left} add-ons of this estimate are`} no longer offered and left out.
        </p>
      ) : null}
      <EditionPicker
        rows={rows}
        value={draft.editionId}
        disabled={pending}
        error={issues.edition}
        onChange={(editionId: EditionId) => {
          setDraft({ ...draft, editionId });
          setIssues({ ...issues, edition: undefined });
        }}
      />
      <IncludedItems rows={state.offer.included} editionName={edition?.name ?? draft.editionId} />
      <AddOnGroups
        groups={state.groups}
        issues={issues.lines}
        disabled={pending}
        onToggle={(inventoryId, selected) => changePick(inventoryId, { selected })}
        onQuantity={(inventoryId, quantity) => changePick(inventoryId, { quantity })}
      />
      <MonthlyTotal cents={state.monthlyTotalCents} testId="calculator-monthly-total" />
      <FormField
        id={NAME_ID}
        label="Estimate name (optional)"
        hint={`Left empty, it is named “${edition?.name ?? "Edition"} estimate”.`}
        error={nameError}
      >
        {/* The default name goes in the hint: as a placeholder it read as a name already typed. A
            long name is kept whole, counted and refused (the contract's "Name must be at most 100
            characters"), never cut. */}
        <Input
          autoComplete="off"
          value={draft.name}
          disabled={pending}
          {...fieldErrorProps(NAME_ID, nameError, `${NAME_ID}-hint`, characterCountId(NAME_ID))}
          onChange={(event) => {
            setDraft({ ...draft, name: event.target.value });
            setIssues({ ...issues, name: undefined });
          }}
        />
        <CharacterCount fieldId={NAME_ID} value={draft.name} max={ESTIMATE_NAME_MAX} />
      </FormField>
      <FormFailure failure={failure} />
      <div className="flex flex-wrap gap-2 border-t border-[var(--color-border)] pt-4">
        {estimate ? (
          <>
            <Button type="submit" disabled={pending || !dirty}>
              {update.isPending ? "Saving…" : "Save changes"}
            </Button>
            <Button type="button" variant="outline" disabled={pending} onClick={() => void save("create")}>
              {create.isPending ? "Saving…" : "Save as new estimate"}
            </Button>
          </>
        ) : (
          <Button type="submit" disabled={pending}>
            {create.isPending ? "Saving…" : "Save estimate"}
          </Button>
        )}
      </div>
      <CalculatorLeaveGuard when={dirty} />
    </form>
  );
}
