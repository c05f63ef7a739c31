import type { Nda, NdaDocumentLink, NdaOverview, NdaTemplate, UpdateNdaTemplateBody } from "#common/contracts/nda";
import { isNdaSigned, readNdaStatus } from "#common/domain/nda-status";
import type { Database, Queryable } from "#server/db/database";
import type { Caller } from "#server/lib/app-context";
import { AppError, isUniqueViolation } from "#server/lib/app-error";
import { selectOrganizationName } from "#server/queries/organizations.queries";
import { SIGNED_URL_TTL_SECONDS } from "#server/storage/link-lifetime";
import type { Storage } from "#server/storage/storage";
import { DEFAULT_NDA_TEMPLATE } from "./default-nda-template.ts";
import { ndaDocumentTitle } from "./nda-pdf-content.ts";
import { type NdaRow, type NdaTemplateRow, insertNextNdaTemplate, selectCurrentNdaTemplate, selectNda, selectNdas } from "./nda.queries.ts";

export interface NdaDeps {
  db: Database;
  storage: Storage;
}

/** The template signers get: the newest saved one, else the built-in mutual NDA (version 1). */
export interface CurrentTemplate {
  version: number;
  title: string;
  body: string;
  savedAt: Date | null;
}

export async function loadCurrentTemplate(db: Queryable): Promise<CurrentTemplate> {
  const row = await selectCurrentNdaTemplate(db);
  return row ? toCurrentTemplate(row) : { ...DEFAULT_NDA_TEMPLATE, savedAt: null };
}

function toCurrentTemplate(row: NdaTemplateRow): CurrentTemplate {
  return { version: row.version, title: row.title, body: row.body, savedAt: row.createdAt };
}

function presentTemplate(template: CurrentTemplate): NdaTemplate {
  return {
    version: template.version,
    title: template.title,
    body: template.body,
    is_default: template.savedAt === null,
    updated_at: template.savedAt?.toISOString() ?? null,
  };
}

export function presentNda(row: NdaRow): Nda {
  return {
    id: row.id,
    organization_id: row.organizationId,
    // Rows are written only by this feature, with known statuses; anything else reads as a draft.
    status: readNdaStatus(row.status) ?? "draft",
    template_version: row.templateVersion,
    title: row.title,
    body: row.body,
    member_signer_name: row.memberSignerName,
    member_signer_title: row.memberSignerTitle,
    member_signer_email: row.memberSignerEmail,
    member_signed_at: row.memberSignedAt.toISOString(),
    provider_signer_name: row.providerSignerName,
    provider_signer_title: row.providerSignerTitle,
    provider_signed_at: row.providerSignedAt?.toISOString() ?? null,
    has_document: row.documentKey !== null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function getNdaTemplate(db: Database): Promise<NdaTemplate> {
  return presentTemplate(await loadCurrentTemplate(db));
}

/** Saves the template as a new version; NDAs already signed keep the text they were signed with. */
export async function updateNdaTemplate(db: Database, caller: Caller, body: UpdateNdaTemplateBody): Promise<NdaTemplate> {
  if (!caller.isEmployee) throw new AppError("forbidden", "Only provider employees can change the NDA template");
  try {
    const row = await insertNextNdaTemplate(db, { title: body.title, body: body.body, createdBy: caller.userId }, DEFAULT_NDA_TEMPLATE.version);
    return presentTemplate(toCurrentTemplate(row));
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("conflict", "Someone saved the NDA template at the same time; reload it and try again");
    throw error;
  }
}

export async function listNdas(db: Database, organizationId: string): Promise<NdaOverview> {
  const [rows, template, organizationName] = await Promise.all([selectNdas(db, organizationId), loadCurrentTemplate(db), selectOrganizationName(db, organizationId)]);
  return {
    organization_name: organizationName ?? "",
    ndas: rows.map(presentNda),
    template: presentTemplate(template),
    signed: isNdaSigned(rows[0]?.status),
  };
}

/** A signed link (3,600 s) to the NDA's PDF, offered as "Mutual NDA - {organization}.pdf". */
export async function getNdaDocumentLink(deps: NdaDeps, organizationId: string, ndaId: string): Promise<NdaDocumentLink> {
  const [nda, organizationName] = await Promise.all([selectNda(deps.db, organizationId, ndaId), selectOrganizationName(deps.db, organizationId)]);
  if (!nda) throw new AppError("not_found", "NDA not found");
  if (!nda.documentKey) throw new AppError("not_found", "This NDA has no document yet");
  const url = await deps.storage.createSignedUrl(nda.documentKey, {
    expiresInSeconds: SIGNED_URL_TTL_SECONDS,
    downloadName: `${ndaDocumentTitle(organizationName ?? "Organization")}.pdf`,
  });
  return { url, expires_in_seconds: SIGNED_URL_TTL_SECONDS };
}
