import { randomUUID } from "node:crypto";
import type { Logger } from "pino";
import type { CountersignNdaBody, Nda, SignNdaBody } from "#common/contracts/nda";
import type { Caller } from "#server/lib/app-context";
import { AppError, isUniqueViolation } from "#server/lib/app-error";
import { upsertPageCompletedElsewhere } from "#server/queries/launchpad-progress.queries";
import { selectOrganizationName } from "#server/queries/organizations.queries";
import { publishEvent } from "#server/realtime/publish-event";
import { generateStorageKey } from "#server/storage/storage-keys";
import type { Storage } from "#server/storage/storage";
import type { NdaDocumentInput } from "./nda-pdf-content.ts";
import { insertNda, selectNda, selectSignedNda, updateNdaCountersigned } from "./nda.queries.ts";
import { type NdaDeps, loadCurrentTemplate, presentNda } from "./nda.service.ts";

const ALREADY_SIGNED_MESSAGE = "Your organization has already signed the NDA";
const NOT_AWAITING_MESSAGE = "This NDA is not awaiting countersignature";

const PDF_CONTENT_TYPE = "application/pdf";

/**
 * Renders the PDF and stores it under a fresh key, before anything is written to the database:
 * a failed rendering stores nothing, and the caller removes the file if its write then fails.
 */
async function storeNdaPdf(storage: Storage, input: NdaDocumentInput, organizationId: string): Promise<string> {
  // pdf-lib loads on the first signature, not with the server: it is a third of a second of start-up.
  const { renderNdaPdf } = await import("./nda-pdf.ts");
  const pdf = await renderNdaPdf(input);
  // A new key per rendering: a countersignature that loses a race never overwrites the winner's file.
  const key = generateStorageKey(`nda/${organizationId}/${input.ndaId}`);
  await storage.put(key, Buffer.from(pdf), PDF_CONTENT_TYPE);
  return key;
}

/** A file nothing points at any more; failing to remove it only leaves an orphan behind. */
async function removeStoredFile(storage: Storage, key: string, logger: Logger): Promise<void> {
  try {
    await storage.remove(key);
  } catch (error) {
    logger.warn({ err: error, key }, "nda: could not remove an unused document");
  }
}

async function requireOrganizationName(deps: NdaDeps, organizationId: string): Promise<string> {
  const name = await selectOrganizationName(deps.db, organizationId);
  if (name === undefined) throw new AppError("not_found", "Organization not found");
  return name;
}

/**
 * A member signs the organization's mutual NDA with the current template's text: the NDA is
 * "signed-by-prospect", its PDF stored, and the launchpad's NDA page complete, in one step.
 */
export async function signNda(deps: NdaDeps, organizationId: string, caller: Caller, body: SignNdaBody, logger: Logger): Promise<Nda> {
  if (caller.isEmployee) throw new AppError("forbidden", "Only members of the organization can sign its NDA; employees countersign it");
  if (await selectSignedNda(deps.db, organizationId)) throw new AppError("conflict", ALREADY_SIGNED_MESSAGE);
  const [template, organizationName] = await Promise.all([loadCurrentTemplate(deps.db), requireOrganizationName(deps, organizationId)]);

  const ndaId = randomUUID();
  const signedAt = new Date();
  const member = { name: body.full_name, title: body.title, email: caller.email, signedAt };
  const key = await storeNdaPdf(
    deps.storage,
    { ndaId, organizationName, templateVersion: template.version, title: template.title, body: template.body, member, provider: null, renderedAt: signedAt },
    organizationId,
  );
  try {
    const row = await deps.db.transaction(async (tx) => {
      const inserted = await insertNda(tx, {
        id: ndaId,
        organizationId,
        status: "signed-by-prospect",
        templateVersion: template.version,
        title: template.title,
        body: template.body,
        memberSignerId: caller.userId,
        memberSignerName: member.name,
        memberSignerTitle: member.title,
        memberSignerEmail: member.email,
        memberSignedAt: signedAt,
        documentKey: key,
        createdAt: signedAt,
        updatedAt: signedAt,
      });
      // Signing is how the "nda" page completes.
      await upsertPageCompletedElsewhere(tx, organizationId, "nda", signedAt);
      await publishEvent(tx, organizationId, { type: "ndaChanged", organizationId });
      await publishEvent(tx, organizationId, { type: "launchpadChanged", organizationId });
      return inserted;
    });
    logger.info({ event: "nda.signed", organizationId, ndaId, userId: caller.userId }, "nda: signed by the organization");
    return presentNda(row);
  } catch (error) {
    await removeStoredFile(deps.storage, key, logger);
    // Another member signed between the check and the insert (one signed NDA per organization).
    if (isUniqueViolation(error)) throw new AppError("conflict", ALREADY_SIGNED_MESSAGE);
    throw error;
  }
}

/** An employee countersigns an NDA the organization signed: "signed-by-all", with a new PDF. */
export async function countersignNda(
  deps: NdaDeps,
  organizationId: string,
  caller: Caller,
  ndaId: string,
  body: CountersignNdaBody,
  logger: Logger,
): Promise<Nda> {
  if (!caller.isEmployee) throw new AppError("forbidden", "Only provider employees can countersign the NDA");
  const nda = await selectNda(deps.db, organizationId, ndaId);
  if (!nda) throw new AppError("not_found", "NDA not found");
  if (nda.status !== "signed-by-prospect") throw new AppError("conflict", NOT_AWAITING_MESSAGE);
  const organizationName = await requireOrganizationName(deps, organizationId);

  const signedAt = new Date();
  const provider = { name: body.full_name, title: body.title, signedAt };
  const key = await storeNdaPdf(
    deps.storage,
    {
      ndaId,
      organizationName,
      templateVersion: nda.templateVersion,
      title: nda.title,
      body: nda.body,
      member: { name: nda.memberSignerName, title: nda.memberSignerTitle, email: nda.memberSignerEmail, signedAt: nda.memberSignedAt },
      provider,
      renderedAt: signedAt,
    },
    organizationId,
  );
  const row = await deps.db
    .transaction(async (tx) => {
      const updated = await updateNdaCountersigned(tx, organizationId, ndaId, {
        providerSignerId: caller.userId,
        providerSignerName: provider.name,
        providerSignerTitle: provider.title,
        providerSignerEmail: caller.email,
        providerSignedAt: signedAt,
        documentKey: key,
      });
      // Countersigned by someone else meanwhile.
      if (!updated) throw new AppError("conflict", NOT_AWAITING_MESSAGE);
      await publishEvent(tx, organizationId, { type: "ndaChanged", organizationId });
      return updated;
    })
    .catch(async (error: unknown) => {
      await removeStoredFile(deps.storage, key, logger);
      throw error;
    });
  if (nda.documentKey) await removeStoredFile(deps.storage, nda.documentKey, logger);
  logger.info({ event: "nda.countersigned", organizationId, ndaId, userId: caller.userId }, "nda: countersigned by the provider");
  return presentNda(row);
}
