import { Readable } from "node:stream";
import type { Logger } from "pino";
import type { OrganizationProfile } from "#common/contracts/organization-profile";
import type { Database } from "#server/db/database";
import type { Caller } from "#server/lib/app-context";
import { AppError } from "#server/lib/app-error";
import { publishEvent } from "#server/realtime/publish-event";
import { generateStorageKey } from "#server/storage/storage-keys";
import type { Storage } from "#server/storage/storage";
import { type StoredFile, type Upload, storeThenRecord } from "#server/storage/uploads";
import { lockOrganizationWithProfile, selectOrganizationWithProfile, upsertProfileLogo } from "./organization-profile.queries.ts";
import { assertCanEditProfile, getOrganizationProfile, logoVersionOf } from "./organization-profile.service.ts";

export interface OrganizationProfileDeps {
  db: Database;
  storage: Storage;
}

const LOGO_TYPE_MESSAGE = "The logo must be a PNG, JPEG or WebP image (SVG and other formats are not accepted)";

/** A logo nothing points at any more; failing to remove it only leaves an orphan behind. */
async function removeStoredLogo(storage: Storage, key: string, logger: Logger): Promise<void> {
  try {
    await storage.remove(key);
  } catch (error) {
    logger.warn({ err: error, key }, "organization profile: could not remove a replaced logo");
  }
}

/** Reads the upload, saying what a logo may be when its bytes are of another type. */
async function readLogo(readBody: () => Promise<Upload>): Promise<Upload> {
  try {
    return await readBody();
  } catch (error) {
    if (error instanceof AppError && error.code === "unsupported_media_type") throw new AppError("unsupported_media_type", LOGO_TYPE_MESSAGE, error.details);
    throw error;
  }
}

/** Records the stored logo in place of the previous one; answers the previous one's key, to remove once committed. */
function recordLogo(db: Database, organizationId: string, stored: StoredFile): Promise<string | null> {
  return db.transaction(async (tx) => {
    const current = await lockOrganizationWithProfile(tx, organizationId);
    if (!current) throw new AppError("not_found", "Organization not found");
    await upsertProfileLogo(tx, organizationId, { key: stored.key, contentType: stored.contentType, size: stored.size }, new Date());
    await publishEvent(tx, organizationId, { type: "organizationUpdated", organizationId });
    return current.profile?.logoKey ?? null;
  });
}

/**
 * Replaces the logo: the role is checked before any byte is read; the bytes' type and size by
 * `readBody` (415, 413). The new logo gets a key of its own, so the old one keeps answering until
 * the new one is committed.
 */
export async function uploadOrganizationLogo(
  deps: OrganizationProfileDeps,
  organizationId: string,
  caller: Caller,
  readBody: () => Promise<Upload>,
  logger: Logger,
): Promise<OrganizationProfile> {
  assertCanEditProfile(caller);
  const upload = await readLogo(readBody);
  const key = generateStorageKey(`organizations/${organizationId}/logo`);
  const replaced = await storeThenRecord(deps.storage, key, upload, (stored) => recordLogo(deps.db, organizationId, stored));
  if (replaced) await removeStoredLogo(deps.storage, replaced, logger);
  return getOrganizationProfile(deps.db, organizationId, caller);
}

/** Removes the logo; without one it writes nothing. */
export async function deleteOrganizationLogo(deps: OrganizationProfileDeps, organizationId: string, caller: Caller, logger: Logger): Promise<OrganizationProfile> {
  assertCanEditProfile(caller);
  const removed = await deps.db.transaction(async (tx) => {
    const current = await lockOrganizationWithProfile(tx, organizationId);
    if (!current) throw new AppError("not_found", "Organization not found");
    const key = current.profile?.logoKey ?? null;
    if (!key) return null;
    await upsertProfileLogo(tx, organizationId, null, new Date());
    await publishEvent(tx, organizationId, { type: "organizationUpdated", organizationId });
    return key;
  });
  if (removed) await removeStoredLogo(deps.storage, removed, logger);
  return getOrganizationProfile(deps.db, organizationId, caller);
}

/** Whether an If-None-Match header names this entity tag (or any, "*"); weak tags compare as strong ones. */
function matchesEntityTag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((tag) => {
    const trimmed = tag.trim();
    return trimmed === "*" || trimmed.replace(/^W\//, "") === etag;
  });
}

/**
 * The logo as an image answer: the type sniffed when it was stored, nosniff, and an entity tag of
 * its version. The browser revalidates every time (no-cache) and gets 304 while it is unchanged,
 * so a replaced or removed logo never shows from cache.
 */
export async function readOrganizationLogo(
  deps: OrganizationProfileDeps,
  organizationId: string,
  request: { method: string; ifNoneMatch: string | undefined },
): Promise<Response> {
  const organization = await selectOrganizationWithProfile(deps.db, organizationId);
  const profile = organization?.profile;
  if (!profile?.logoKey || !profile.logoContentType) throw new AppError("not_found", "This organization has no logo");
  const etag = `"${logoVersionOf(profile.logoKey)}"`;
  const headers: Record<string, string> = { etag, "cache-control": "private, no-cache", "x-content-type-options": "nosniff" };
  if (matchesEntityTag(request.ifNoneMatch, etag)) return new Response(null, { status: 304, headers });

  const stored = await deps.storage.get(profile.logoKey);
  if (!stored) throw new AppError("not_found", "This organization has no logo");
  headers["content-type"] = profile.logoContentType;
  headers["content-length"] = String(stored.size);
  if (request.method === "HEAD") {
    stored.body.destroy(); // closes the file: a HEAD answer has no body to drain it
    return new Response(null, { status: 200, headers });
  }
  return new Response(Readable.toWeb(stored.body) as ReadableStream<Uint8Array>, { status: 200, headers });
}
