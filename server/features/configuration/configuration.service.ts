import type { Logger } from "pino";
import { CONFIGURATION_MESSAGES, type Configuration, configurationExportFileName, unansweredRequiredMessage } from "#common/contracts/configuration";
import { hasControlCharacterBesidesLineBreaks, hasLoneSurrogate } from "#common/domain/configuration-answers";
import type { Database, Transaction } from "#server/db/database";
import type { Caller } from "#server/lib/app-context";
import { AppError } from "#server/lib/app-error";
import { selectOrganizationName } from "#server/queries/organizations.queries";
import { publishEvent } from "#server/realtime/publish-event";
import { isSubmitted, loadQuestionnaire, presentConfiguration, requiredLeft } from "./configuration-questionnaire.ts";
import { lockConfigurationForWrite } from "#server/queries/configuration-lock.queries";
import { updateModuleReopened, updateResponsesSubmitted, upsertModuleSubmitted } from "./configuration.queries.ts";

export interface ConfigurationDeps {
  db: Database;
  /**
   * Recomputes the launchpad's readings (forced) inside the write's transaction: its
   * "configuration complete" flag follows the submissions. The launchpad feature owns them, and
   * the app wires its function in here.
   */
  recalculateLaunchpad: (tx: Transaction, organizationId: string) => Promise<unknown>;
}

/** The questionnaire of the organization's plan, with the caller's verdicts. */
export async function getConfiguration(db: Database, organizationId: string, caller: Caller): Promise<Configuration> {
  const [modules, organizationName] = await Promise.all([
    loadQuestionnaire(db, organizationId),
    caller.isEmployee ? selectOrganizationName(db, organizationId) : Promise.resolve(undefined),
  ]);
  const fileName = organizationName === undefined ? null : configurationExportFileName(organizationName, new Date());
  return presentConfiguration(modules, caller.isEmployee, fileName);
}

/** Longer than any module name. */
const MODULE_NAME_MAX = 100;

/**
 * A module name as a path names it; one no module can have (control characters, half a surrogate
 * pair, too long) is unknown at once, before it reaches SQL.
 */
function checkModuleName(name: string): string {
  if (name.length > MODULE_NAME_MAX || /[\t\n\r]/.test(name) || hasControlCharacterBesidesLineBreaks(name) || hasLoneSurrogate(name)) {
    throw new AppError("not_found", CONFIGURATION_MESSAGES.moduleNotFound);
  }
  return name;
}

/** Published by every write of the questionnaire that moves the launchpad, last in its transaction. */
async function announceSubmissionChange(deps: ConfigurationDeps, tx: Transaction, organizationId: string): Promise<void> {
  await deps.recalculateLaunchpad(tx, organizationId);
  await publishEvent(tx, organizationId, { type: "configurationChanged", organizationId });
  await publishEvent(tx, organizationId, { type: "launchpadChanged", organizationId });
}

/**
 * Submits a module of the questionnaire: every required question must have an answer. The module
 * is marked submitted and the latest answers of its questions are stamped with the time; the
 * launchpad's "configuration complete" flag follows.
 */
export async function submitModule(deps: ConfigurationDeps, organizationId: string, caller: Caller, moduleName: string, logger: Logger): Promise<Configuration> {
  const module = checkModuleName(moduleName);
  await deps.db.transaction(async (tx) => {
    await lockConfigurationForWrite(tx, organizationId);
    const target = (await loadQuestionnaire(tx, organizationId)).find((state) => state.module === module);
    if (!target) throw new AppError("not_found", CONFIGURATION_MESSAGES.moduleNotFound);
    if (isSubmitted(target)) throw new AppError("conflict", CONFIGURATION_MESSAGES.alreadySubmitted);
    const left = requiredLeft(target);
    if (left > 0) throw new AppError("conflict", unansweredRequiredMessage(left));
    const at = new Date();
    if (!(await upsertModuleSubmitted(tx, organizationId, module, caller.userId, at))) throw new AppError("conflict", CONFIGURATION_MESSAGES.alreadySubmitted);
    const latestIds = target.questions.flatMap((entry) => (entry.latest ? [entry.latest.id] : []));
    await updateResponsesSubmitted(tx, organizationId, latestIds, at);
    await announceSubmissionChange(deps, tx, organizationId);
  });
  logger.info({ event: "configuration.module_submitted", organizationId, module }, "configuration: module submitted");
  return getConfiguration(deps.db, organizationId, caller);
}

/**
 * Reopens a submitted module (employees) with the reason: its answers can change again, and it
 * counts as not submitted until it is submitted once more. A module outside the questionnaire
 * that was submitted (the plan changed since) can be reopened too.
 */
export async function reopenModule(
  deps: ConfigurationDeps,
  organizationId: string,
  caller: Caller,
  moduleName: string,
  reason: string,
  logger: Logger,
): Promise<Configuration> {
  const module = checkModuleName(moduleName);
  await deps.db.transaction(async (tx) => {
    await lockConfigurationForWrite(tx, organizationId);
    const reopened = await updateModuleReopened(tx, organizationId, module, { userId: caller.userId, reason, at: new Date() });
    if (!reopened) {
      const known = (await loadQuestionnaire(tx, organizationId)).some((state) => state.module === module);
      throw known ? new AppError("conflict", CONFIGURATION_MESSAGES.notSubmitted) : new AppError("not_found", CONFIGURATION_MESSAGES.moduleNotFound);
    }
    await announceSubmissionChange(deps, tx, organizationId);
  });
  logger.info({ event: "configuration.module_reopened", organizationId, module }, "configuration: module reopened");
  return getConfiguration(deps.db, organizationId, caller);
}
