import { randomUUID } from "node:crypto";
import {
  ACTION_LOG_STATUSES,
  ACTION_LOG_TYPES,
  type ActionLogStatus,
  type ActionLogType,
  HELP_TYPES,
  IMPACT_LEVELS,
  LIKELIHOODS,
  actionLogTypeForHelp,
} from "#common/domain/action-log";
import { BUSINESS_ASPECTS_QUESTION_ID, KNOWN_BUSINESS_ASPECTS } from "#common/domain/business-aspects";
import { EXTENSION_IDS, WORKSPACE_EXTENSION_IDS } from "#common/domain/extensions";
import { LAUNCHPAD_PAGE_IDS } from "#common/domain/launchpad";
import { NDA_STATUSES } from "#common/domain/nda-status";
import type {
  actionLogCounters,
  actionLogs,
  configurationResponses,
  dataConnections,
  extensionWorkspaces,
  launchpadProgress,
  milestoneOrganizations,
  moduleSubmissionStatus,
  ndas,
  organizationExtensions,
  organizations,
  pricingEstimateLines,
  pricingEstimates,
  realtimeEvents,
} from "#server/db/schema/index";

import { DATA_SOURCES, DAY, EVENT_TYPES, TIME_ZONES, WORDS, isoDay, randomSource, readCatalog } from "./portfolio-scale-sources.ts";

/** bench/portfolio-scale.ts's data: the same varied organizations on every run and engine. */

// ---- The data: one set of organizations, the first N of which go into the database of size N ----

export interface CurriculumOutline {
  /** Milestone keys in plan order; rows are resolved to each database's milestone ids. */
  milestoneKeys: string[];
  configurationModules: string[];
}

type Insert<T extends { $inferInsert: unknown }> = T["$inferInsert"];

/** Every row of one organization, ready to insert (milestone rows name their milestone by key). */
export interface OrganizationRows {
  organization: Insert<typeof organizations>;
  launchpad: Insert<typeof launchpadProgress>[];
  responses: Insert<typeof configurationResponses>[];
  ndas: Insert<typeof ndas>[];
  estimates: Insert<typeof pricingEstimates>[];
  lines: Insert<typeof pricingEstimateLines>[];
  connections: Insert<typeof dataConnections>[];
  submissions: Insert<typeof moduleSubmissionStatus>[];
  milestones: (Omit<Insert<typeof milestoneOrganizations>, "milestoneId"> & { milestoneKey: string })[];
  logs: Insert<typeof actionLogs>[];
  counter: Insert<typeof actionLogCounters>;
  extensions: Insert<typeof organizationExtensions>[];
  workspaces: Insert<typeof extensionWorkspaces>[];
  events: Insert<typeof realtimeEvents>[];
}

/**
 * Organizations from new to nearly live: each has a "maturity" that makes its launchpad, plan,
 * configuration and estimate further along; the action log grows with it (5 to 85 entries, most
 * organizations at the small end), with open risks, overdue tasks and help requests.
 */
export function buildOrganizations(count: number, outline: CurriculumOutline, now: number): OrganizationRows[] {
  const random = randomSource(20_260_417);
  const catalog = readCatalog();
  const editions = [...catalog.keys()];
  return Array.from({ length: count }, (_, index) => {
    const organizationId = randomUUID();
    const maturity = random.next();
    const joined = now - random.integer(3, 420) * DAY - random.integer(0, DAY - 1);
    const between = (from: number, to: number) => new Date(from + random.next() * Math.max(0, to - from));
    const organization = {
      id: organizationId,
      organizationName: `Portfolio Bench ${random.pick(["Foods", "Metals", "Textiles", "Labs", "Logistics", "Retail", "Tools"])} ${String(index + 1).padStart(4, "0")}`,
      timeZone: random.pick(TIME_ZONES),
      createdAt: new Date(joined),
      updatedAt: between(joined, now),
    };

    const launchpad: Insert<typeof launchpadProgress>[] = [];
    for (const pageId of LAUNCHPAD_PAGE_IDS) {
      const isTimeline = pageId === "timeline-planning";
      if (!random.chance(isTimeline ? 0.75 : 0.25 + 0.7 * maturity)) continue;
      const isCompleted = random.chance(0.15 + 0.8 * maturity);
      const savedAt = between(joined, now);
      const dataSnapshot = isTimeline
        ? {
            // Most dates ahead, some passed, a few drafts without one.
            ...(random.chance(0.92) ? { go_live_date: isoDay(now + random.integer(-45, 320) * DAY) } : {}),
            key_dates: Array.from({ length: random.integer(0, 4) }, (_, k) => ({ label: `Milestone ${k + 1}`, date: isoDay(now + random.integer(-30, 200) * DAY) })),
          }
        : { notes: `${random.pick(WORDS)} ${random.pick(WORDS)}`, answered: random.integer(1, 12), confirmed: isCompleted };
      launchpad.push({ organizationId, pageId, isCompleted, completedAt: isCompleted ? savedAt : null, dataSnapshot, createdAt: new Date(joined), updatedAt: savedAt });
    }

    const responses: Insert<typeof configurationResponses>[] = [];
    if (random.chance(0.7)) {
      const versions = random.integer(1, 3);
      for (let version = 1; version <= versions; version += 1) {
        const aspects = KNOWN_BUSINESS_ASPECTS.filter(() => random.chance(0.5));
        const submittedAt = between(joined, now);
        responses.push({
          organizationId,
          questionId: BUSINESS_ASPECTS_QUESTION_ID,
          responseValue: random.chance(0.5) ? aspects : { aspects },
          version,
          submittedAt: version === versions && random.chance(0.15) ? null : submittedAt,
          createdAt: submittedAt,
        });
      }
    }
    for (let other = random.integer(0, 8); other > 0; other -= 1) {
      responses.push({ organizationId, questionId: `question-${random.integer(1, 60)}`, responseValue: { value: random.pick(WORDS) }, submittedAt: random.chance(0.6) ? between(joined, now) : null });
    }

    const ndaRows: Insert<typeof ndas>[] = [];
    const ndaStatus = random.weighted([[null, 20], ["draft", 15], ["pending", 15], ["signed-by-prospect", 20], ["signed-by-all", 30]] as const);
    if (ndaStatus !== null) {
      const signer = { memberSignerName: "Alex Member", memberSignerTitle: "Chief Executive Officer", memberSignerEmail: `ceo-${index + 1}@bench.test` };
      const body = "The parties agree to keep each other's confidential information confidential. ".repeat(12);
      // Some organizations started over: an older draft before the current one.
      if (random.chance(0.25)) ndaRows.push({ organizationId, status: NDA_STATUSES[0], templateVersion: 1, title: "Mutual NDA", body, ...signer, memberSignedAt: new Date(joined), createdAt: new Date(joined), updatedAt: new Date(joined) });
      const signedAt = between(joined, now);
      const countersigned = ndaStatus === "signed-by-all";
      ndaRows.push({
        organizationId,
        status: ndaStatus,
        templateVersion: 2,
        title: "Mutual NDA",
        body,
        ...signer,
        memberSignedAt: signedAt,
        providerSignerName: countersigned ? "Pat Provider" : null,
        providerSignerTitle: countersigned ? "Account Director" : null,
        providerSignerEmail: countersigned ? "pat@provider.test" : null,
        providerSignedAt: countersigned ? between(signedAt.getTime(), now) : null,
        createdAt: signedAt,
        updatedAt: signedAt,
      });
    }

    const estimates: Insert<typeof pricingEstimates>[] = [];
    const lines: Insert<typeof pricingEstimateLines>[] = [];
    if (random.chance(0.85)) {
      const count = random.weighted([[1, 60], [2, 30], [3, 10]] as const);
      const primary = random.chance(0.9) ? random.integer(0, count - 1) : -1;
      for (let e = 0; e < count; e += 1) {
        const id = randomUUID();
        const isPrimary = e === primary;
        const isLocked = isPrimary && random.chance(0.15 + 0.4 * maturity);
        const editionId = random.pick(editions);
        const createdAt = between(joined, now);
        estimates.push({
          id,
          organizationId,
          name: isPrimary ? "Our plan" : `Option ${e + 1}`,
          isPrimary,
          isLocked,
          lockedAt: isLocked ? between(createdAt.getTime(), now) : null,
          editionId,
          source: random.chance(0.8) ? "calculator" : "quick",
          subscriptionApproved: isLocked || random.chance(0.2),
          totalMonthlyPrice: `${random.integer(900, 12_000)}.00`,
          createdAt,
          updatedAt: createdAt,
        });
        for (const item of catalog.get(editionId) ?? []) {
          const wanted = item.skuType === "Base" || item.module === "Financials" ? true : item.skuType === "Core" ? random.chance(0.55) : random.chance(0.2);
          if (!wanted) continue;
          lines.push({ headerId: id, inventoryId: item.inventoryId, module: item.module, description: item.description, skuType: item.skuType, price: item.price, quantity: random.integer(1, 25), status: random.chance(0.04) ? "incompatible" : "active" });
        }
      }
    }

    const connections: Insert<typeof dataConnections>[] = DATA_SOURCES.filter(() => random.chance(0.1 + 0.3 * maturity)).map((dataSourceId) => ({
      organizationId,
      dataSourceId,
      name: `${dataSourceId} (production)`,
      status: random.weighted([["connected", 80], ["error", 12], ["disconnected", 8]] as const),
      connectionConfig: { host: `${dataSourceId}.example.test`, account: `acct-${index + 1}`, secret: { iv: "aXY=", tag: "dGFn", data: "ZW5jcnlwdGVk" } },
      lastTestedAt: between(joined, now),
    }));

    const submissions: Insert<typeof moduleSubmissionStatus>[] = outline.configurationModules
      .filter(() => random.chance(0.2 + 0.7 * maturity))
      .map((module) => {
        const isSubmitted = random.chance(0.2 + 0.7 * maturity);
        return { organizationId, module, isSubmitted, submittedAt: isSubmitted ? between(joined, now) : null };
      });

    // The plan in order: the first milestones completed, the next in progress, the rest untouched.
    const completedMilestones = Math.floor(maturity * outline.milestoneKeys.length * random.next());
    const milestoneRows: OrganizationRows["milestones"] = [];
    outline.milestoneKeys.forEach((milestoneKey, position) => {
      const planOverride = random.chance(0.03) ? random.pick(["include", "exclude"] as const) : null;
      const completionStatus = position < completedMilestones ? "completed" : position === completedMilestones ? "in_progress" : "not_started";
      if (completionStatus === "not_started" && planOverride === null && random.chance(0.7)) return;
      milestoneRows.push({ organizationId, milestoneKey, completionStatus, completedAt: completionStatus === "completed" ? between(joined, now) : null, planOverride });
    });

    const logs: Insert<typeof actionLogs>[] = [];
    const entries = 5 + Math.floor(random.next() ** 2 * 80);
    for (let number = 1; number <= entries; number += 1) {
      const createdAt = between(joined, now);
      const helpType = random.chance(0.12) ? random.pick(HELP_TYPES) : null;
      const type: ActionLogType = helpType
        ? actionLogTypeForHelp(helpType)
        : random.weighted(ACTION_LOG_TYPES.map((value) => [value, value === "Task" ? 35 : value === "Risk" ? 20 : 8] as const));
      const status: ActionLogStatus = random.weighted(ACTION_LOG_STATUSES.map((value, i) => [value, [35, 25, 5, 20, 15][i]!] as const));
      const done = status === "Resolved" || status === "Closed";
      const hasDue = type === "Task" || type === "Issue" || type === "Open Request" ? random.chance(0.7) : random.chance(0.15);
      logs.push({
        organizationId,
        number,
        title: `${random.pick(WORDS)} ${random.pick(WORDS)} ${type.toLowerCase()} ${number}`,
        description: `Details of the ${random.pick(WORDS)} work, raised during the ${random.pick(WORDS)} review.`,
        actionLogType: type,
        status,
        priority: random.pick(["Low", "Medium", "High", "Critical"] as const),
        impactLevel: random.pick(IMPACT_LEVELS),
        likelihood: type === "Risk" && random.chance(0.85) ? random.pick(LIKELIHOODS) : null,
        dueDate: hasDue ? isoDay(now + random.integer(-60, 60) * DAY) : null,
        helpType,
        sourcePage: helpType ? random.pick(["/dashboard", "/timeline", "/price", "/data-connection"]) : null,
        sourceBrowser: helpType ? "Chrome 140 on Windows" : null,
        resolutionNotes: done ? "Handled with the team." : null,
        createdAt,
        updatedAt: createdAt,
        resolvedAt: done ? between(createdAt.getTime(), now) : null,
      });
    }

    const extensions: Insert<typeof organizationExtensions>[] = EXTENSION_IDS.filter(() => random.chance(0.2)).map((extensionId) => {
      const active = random.chance(0.6);
      const requestedAt = between(joined, now);
      return { organizationId, extensionId, state: active ? "active" : "requested", requestedAt, requestNote: "We would like this.", activatedAt: active ? between(requestedAt.getTime(), now) : null, planChange: active ? random.pick(["estimate", "next_plan"] as const) : null };
    });
    // Most active extensions with a workspace have started it; some have submitted it.
    const workspaces: Insert<typeof extensionWorkspaces>[] = extensions
      .filter((extension) => extension.state === "active" && (WORKSPACE_EXTENSION_IDS as readonly string[]).includes(extension.extensionId) && random.chance(0.7))
      .map((extension) => {
        const submitted = random.chance(0.3 + 0.5 * maturity);
        const savedAt = between(extension.activatedAt!.getTime(), now);
        return { organizationId, extensionId: extension.extensionId, answers: { approval_rules: [{ up_to: random.integer(1, 50) * 1000, role: "Controller" }], matching: random.pick(["two-way", "three-way"]) }, status: submitted ? "submitted" : "draft", savedAt, submittedAt: submitted ? savedAt : null };
      });

    // A few recent events; some organizations have gone quiet (or never did anything).
    const quiet = random.chance(0.15);
    const events: Insert<typeof realtimeEvents>[] = random.chance(0.05)
      ? []
      : Array.from({ length: random.integer(1, 8) }, () => {
          const type = random.pick(EVENT_TYPES);
          return { organizationId, type, payload: { type, organizationId }, createdAt: new Date(now - (quiet ? random.integer(20, 90) : random.integer(0, 14)) * DAY - random.integer(0, DAY - 1)) };
        });

    return { organization, launchpad, responses, ndas: ndaRows, estimates, lines, connections, submissions, milestones: milestoneRows, logs, counter: { organizationId, lastNumber: entries }, extensions, workspaces, events };
  });
}

