import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useForm, useWatch } from "react-hook-form";
import { useNavigate } from "react-router";
import type { z } from "zod";
import { BUSINESS_ASPECTS } from "#common/contracts/launchpad-pages";
import { quickEstimateBodySchema } from "#common/contracts/pricing-estimates";
import { formatMonthlyPrice } from "#common/domain/money";
import { COMPANY_SIZES, type CompanySize, findEdition, recommendEdition, recommendEstimate } from "#common/domain/pricing";
import { Button } from "#web/components/ui/button.tsx";
import { Card } from "#web/components/ui/card.tsx";
import { Checkbox } from "#web/components/ui/checkbox.tsx";
import { Radio } from "#web/components/ui/radio-group.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { useCreateQuickEstimate } from "#web/features/pricing-estimates/api/pricing-estimates-api.ts";
import { totalOfLines } from "#web/features/pricing-estimates/calculator-model.ts";
import { ESTIMATE_TOASTS, showEstimateToast } from "#web/features/pricing-estimates/estimate-toasts.ts";
import { useAccess } from "#web/lib/access-query.ts";
import { fieldIssuesOf, messageOf } from "#web/lib/api-client.ts";
import { catalogQuery } from "#web/lib/pricing-catalog-query.ts";
import { queryKeys } from "#web/lib/realtime/event-query-keys.ts";
import { PageFrame } from "#web/components/page-frame.tsx";

type FormInput = z.input<typeof quickEstimateBodySchema>;
type FormOutput = z.output<typeof quickEstimateBodySchema>;

/** The saved answer's aspects as the checkboxes spell them (the answer may differ in case). */
function preselectAspects(saved: readonly string[]): string[] {
  const wanted = new Set(saved.map((aspect) => aspect.trim().toLowerCase()));
  return BUSINESS_ASPECTS.filter((aspect) => wanted.has(aspect.toLowerCase()));
}

function isCompanySize(value: unknown): value is CompanySize {
  return typeof value === "string" && (COMPANY_SIZES as readonly string[]).includes(value);
}

/** /business: two questions recommend an edition and modules, saved as an estimate to refine in /price. */
export default function BusinessPage() {
  const access = useAccess();
  return (
    <PageFrame
      title="Quick estimate"
      contentWidth="narrow"
      description="Answer two questions and we recommend an edition and the add-ons your business needs. You can refine the estimate in the calculator afterwards."
    >
      {access.isPending ? (
        <Spinner label="Loading your answers..." />
      ) : (
        // Without the saved answer (it failed to load), the questions start empty.
        <QuickEstimateForm savedAspects={access.data?.business_aspects ?? []} />
      )}
    </PageFrame>
  );
}

function QuickEstimateForm({ savedAspects }: { savedAspects: readonly string[] }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const catalog = useQuery(catalogQuery);
  const quick = useCreateQuickEstimate();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(quickEstimateBodySchema),
    defaultValues: { business_aspects: preselectAspects(savedAspects) },
  });
  const { errors, isSubmitting } = form.formState;
  const aspects = useWatch({ control: form.control, name: "business_aspects" });
  const size = useWatch({ control: form.control, name: "company_size" });

  const chosenAspects = Array.isArray(aspects) ? aspects : [];
  const edition = findEdition(recommendEdition(chosenAspects));
  const total =
    catalog.data && isCompanySize(size)
      ? (() => {
          const recommended = recommendEstimate({ business_aspects: chosenAspects, company_size: size }, catalog.data.rows);
          return totalOfLines(catalog.data.rows, recommended.edition_id, recommended.lines);
        })()
      : null;

  const submit = form.handleSubmit(async (values) => {
    try {
      const estimate = await quick.mutateAsync(values);
      queryClient.setQueryData(queryKeys.estimate(estimate.id), estimate);
      showEstimateToast(ESTIMATE_TOASTS.quickCreated);
      await navigate(`/price?estimate=${encodeURIComponent(estimate.id)}`);
    } catch (error) {
      let placed = false;
      for (const issue of fieldIssuesOf(error)) {
        const field = issue.path.startsWith("business_aspects") ? "business_aspects" : issue.path === "company_size" ? "company_size" : null;
        if (!field) continue;
        form.setError(field, { type: "server", message: issue.message }, { shouldFocus: !placed });
        placed = true;
      }
      if (!placed) form.setError("root.server", { type: "server", message: messageOf(error, "Something went wrong. Please try again.") });
      showEstimateToast(ESTIMATE_TOASTS.quickFailed);
    }
  });

  const aspectsError = errors.business_aspects?.message ?? errors.business_aspects?.root?.message;
  const sizeError = errors.company_size?.message;
  return (
    <Card>
      <form onSubmit={(event) => void submit(event)} noValidate aria-label="Quick estimate" className="space-y-6">
        <fieldset className="min-w-0 space-y-2" aria-describedby={["aspects-hint", aspectsError ? "aspects-error" : ""].join(" ").trim()}>
          <legend className="text-base font-semibold">What does your business do?</legend>
          <p id="aspects-hint" className="text-sm text-[var(--color-muted-foreground)]">
            Choose every part of the business the system will run. None means financials only.
          </p>
          <div className="grid gap-x-6 gap-y-1 sm:grid-cols-2">
            {BUSINESS_ASPECTS.map((aspect) => (
              <label key={aspect} className="flex min-h-7 cursor-pointer items-center gap-2 text-sm">
                <Checkbox value={aspect} aria-invalid={aspectsError ? true : undefined} {...form.register("business_aspects")} />
                {aspect}
              </label>
            ))}
          </div>
          {aspectsError ? (
            <p id="aspects-error" className="text-sm text-[var(--color-destructive)]">
              {aspectsError}
            </p>
          ) : null}
        </fieldset>
        <fieldset className="min-w-0 space-y-2" aria-describedby={sizeError ? "company-size-error" : undefined}>
          <legend className="text-base font-semibold">How many people work in your company?</legend>
          <div className="grid gap-x-6 gap-y-1 sm:grid-cols-3">
            {COMPANY_SIZES.map((option) => (
              <label key={option} className="flex min-h-7 cursor-pointer items-center gap-2 text-sm">
                <Radio value={option} aria-invalid={sizeError ? true : undefined} {...form.register("company_size")} />
                {option} people
              </label>
            ))}
          </div>
          {sizeError ? (
            <p id="company-size-error" className="text-sm text-[var(--color-destructive)]">
              {sizeError}
            </p>
          ) : null}
        </fieldset>
        <section aria-labelledby="recommendation-heading" className="space-y-1 rounded-lg bg-[var(--color-muted)] p-4">
          <h2 id="recommendation-heading" className="text-sm font-semibold">
            Your recommendation
          </h2>
          <p role="status" className="text-base" data-testid="recommended-edition">
            Recommended edition: <strong className="font-semibold">{edition?.name}</strong>
          </p>
          <p className="text-sm text-[var(--color-muted-foreground)]">{edition?.summary}</p>
          <p className="text-sm" data-testid="recommended-total">
            {total === null
              ? "Choose your company size to see an approximate monthly price."
              : `About ${formatMonthlyPrice(total)} with the add-ons for your answers.`}
          </p>
        </section>
        {errors.root?.server?.message ? (
          <p role="alert" className="rounded-md border border-[var(--color-destructive)] p-3 text-sm text-[var(--color-destructive)]">
            {errors.root.server.message}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2 border-t border-[var(--color-border)] pt-4">
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? "Creating estimate…" : "Get my estimate"}
          </Button>
        </div>
      </form>
    </Card>
  );
}
