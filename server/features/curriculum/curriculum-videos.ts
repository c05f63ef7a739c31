import { createReadStream } from "node:fs";
import type { Database, Queryable, Transaction } from "#server/db/database";
import type { Storage } from "#server/storage/storage";
import type { Curriculum, TopicVideo } from "./curriculum-manifest.ts";
import { selectReferencedVideoHashes } from "./curriculum-video.queries.ts";
import { lockCurriculumForWrite } from "./curriculum-write.queries.ts";

/*
 * A topic's video file lives in the portal's storage under a key made from its SHA-256: a re-import
 * of the same bytes finds it there and stores nothing. An object is removed only under the
 * curriculum's lock and only when no topic shows it, so two imports at once never remove what the
 * other one shows; whatever an import stores before it fails is removed the same way.
 */

const VIDEO_KEY_PREFIX = "curriculum-videos";

export function videoStorageKey(sha256: string): string {
  return `${VIDEO_KEY_PREFIX}/${sha256}`;
}

/** The curriculum's videos, one per hash. */
export function distinctVideos(curriculum: Curriculum): Map<string, TopicVideo> {
  const videos = new Map<string, TopicVideo>();
  for (const topic of curriculum.topics) {
    if (topic.video && !videos.get(topic.video.sha256)?.source_path) videos.set(topic.video.sha256, topic.video);
  }
  return videos;
}

async function isStored(storage: Storage, sha256: string): Promise<boolean> {
  const object = await storage.get(videoStorageKey(sha256), { start: 0, end: 0 });
  object?.body.destroy();
  return object !== null;
}

async function store(storage: Storage, video: TopicVideo, stored: Set<string>): Promise<void> {
  // A curriculum read back from the database has no file to store from: its videos are stored already.
  if (!video.source_path) throw new Error(`the stored video ${video.sha256} is missing and the curriculum has no file for it`);
  stored.add(video.sha256);
  await storage.put(videoStorageKey(video.sha256), createReadStream(video.source_path), video.content_type);
}

/**
 * Before the import's transaction (so the database is not held while files are copied): stores
 * every video that no topic shows yet and storage lacks. `stored` collects what was stored.
 */
export async function storeNewVideos(db: Queryable, storage: Storage, curriculum: Curriculum, stored: Set<string>): Promise<void> {
  const videos = distinctVideos(curriculum);
  if (videos.size === 0) return;
  const referenced = await selectReferencedVideoHashes(db);
  for (const video of videos.values()) {
    if (!referenced.has(video.sha256) && !(await isStored(storage, video.sha256))) await store(storage, video, stored);
  }
}

/**
 * Inside the import's transaction, under the lock: a video some topic showed before is in storage
 * (nothing removes it while it is shown); any other is checked, and stored again when another
 * import's clean-up removed it since storeNewVideos.
 */
export async function ensureVideosStored(storage: Storage, curriculum: Curriculum, referencedBefore: ReadonlySet<string>, stored: Set<string>): Promise<void> {
  for (const video of distinctVideos(curriculum).values()) {
    if (!referencedBefore.has(video.sha256) && !(await isStored(storage, video.sha256))) await store(storage, video, stored);
  }
}

/**
 * Removes those of `hashes` that no topic shows: what a failed import stored, and the videos a
 * successful one replaced. A failed removal is logged by the storage driver and leaves an object
 * that no topic shows (the next import that names the same bytes reuses it).
 */
export async function removeUnreferencedVideos(db: Database, storage: Storage, hashes: Iterable<string>): Promise<void> {
  const candidates = [...new Set(hashes)];
  if (candidates.length === 0) return;
  await db.transaction(async (tx: Transaction) => {
    await lockCurriculumForWrite(tx);
    const referenced = await selectReferencedVideoHashes(tx);
    for (const sha256 of candidates) {
      if (!referenced.has(sha256)) await storage.remove(videoStorageKey(sha256)).catch(() => undefined);
    }
  });
}
