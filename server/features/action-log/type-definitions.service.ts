import type { TypeDefinition } from "#common/contracts/action-log";
import { isProviderAdministrator } from "#common/domain/access";
import { ACTION_LOG_FIELDS, ACTION_LOG_TYPES, type ActionLogField, type ActionLogType, DEFAULT_TYPE_DEFINITIONS } from "#common/domain/action-log";
import type { Caller } from "#server/lib/app-context";
import { AppError } from "#server/lib/app-error";
import type { ActionLogDeps } from "./action-log-checks.ts";
import { selectTypeDefinition, selectTypeDefinitions, type TypeDefinitionRow, upsertTypeDefinition } from "./type-definitions.queries.ts";

const isField = (value: string): value is ActionLogField => (ACTION_LOG_FIELDS as readonly string[]).includes(value);

function presentDefinition(type: ActionLogType, row: TypeDefinitionRow | undefined): TypeDefinition {
  // A row the migration seeded is always there; the shipped text stands in should one be missing.
  if (!row) return { action_log_type: type, description: DEFAULT_TYPE_DEFINITIONS[type].description, fields: [...DEFAULT_TYPE_DEFINITIONS[type].fields], updated_by: null, updated_at: new Date(0).toISOString() };
  return {
    action_log_type: type,
    description: row.description,
    fields: row.fields.filter(isField),
    updated_by: row.updatedById ? { id: row.updatedById, name: row.updatedByName ?? "" } : null,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Every type's definition in the types' order, and whether the caller (the provider administrator alone) may edit them. */
export async function listActionLogTypeDefinitions(deps: ActionLogDeps, caller: Caller): Promise<{ definitions: TypeDefinition[]; can_edit: boolean }> {
  const rows = await selectTypeDefinitions(deps.db);
  const byType = new Map(rows.map((row) => [row.actionLogType, row]));
  return {
    definitions: ACTION_LOG_TYPES.map((type) => presentDefinition(type, byType.get(type))),
    can_edit: isProviderAdministrator(caller.email, deps.access.providerAdminEmail),
  };
}

/** Changes what a type means and which fields its form asks for, for every organization: the provider administrator only. */
export async function updateActionLogTypeDefinition(
  deps: ActionLogDeps,
  caller: Caller,
  body: { action_log_type: ActionLogType; description: string; fields: ActionLogField[] },
): Promise<TypeDefinition> {
  if (!isProviderAdministrator(caller.email, deps.access.providerAdminEmail)) {
    throw new AppError("forbidden", "Only the provider administrator can change the type definitions");
  }
  const fields = [...new Set(body.fields)];
  await upsertTypeDefinition(deps.db, { actionLogType: body.action_log_type, description: body.description, fields, updatedBy: caller.userId });
  return presentDefinition(body.action_log_type, await selectTypeDefinition(deps.db, body.action_log_type));
}
