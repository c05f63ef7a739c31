import type { Readable } from "node:stream";
import type { Logger } from "pino";
import type { S3Config, ServerConfig } from "#server/env";
import type { FileLinkCheck, FileLinkParams } from "./file-links.ts";
import { createLocalStorage } from "./local-storage.ts";
import { createS3Storage } from "./s3-storage.ts";

/** Bytes `start` to `end`, both included, as an HTTP Range names them. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface StoredObject {
  /** Consume or destroy it: it holds an open file or connection. */
  body: Readable;
  size: number;
  contentType: string;
}

export interface SignedUrlOptions {
  expiresInSeconds?: number;
  /** Offered as the download's file name (Content-Disposition: attachment); metadata only. */
  downloadName?: string;
}

/**
 * Where the portal keeps files (decision 008). Keys come from generateStorageKey(); every method
 * refuses a key outside the strict character set (InvalidStorageKeyError) before touching anything.
 */
export interface Storage {
  readonly driver: "local" | "s3";
  /** Stores the whole body under the key, or nothing when the body fails midway; resolves to its size in bytes. */
  put(key: string, body: Buffer | Readable, contentType: string): Promise<{ size: number }>;
  /**
   * The stored object, or null when there is none. With `range` (inclusive byte offsets within the
   * object), `body` holds only those bytes; `size` is always the whole object's.
   */
  get(key: string, range?: ByteRange): Promise<StoredObject | null>;
  /** Removes the object; a missing one is not an error. */
  remove(key: string): Promise<void>;
  /** A URL anyone holding it can download the object with, until it expires. */
  createSignedUrl(key: string, options?: SignedUrlOptions): Promise<string>;
  /**
   * Checks a link to the portal's own file route (GET /api/files/<key>). Only the local driver
   * makes such links; S3 links point at the bucket, so the S3 driver finds every one invalid.
   */
  checkSignedUrl(key: string, params: FileLinkParams): FileLinkCheck;
  close(): Promise<void>;
}

export interface StorageSettings {
  /** The local driver's folder (STORAGE_DIR). */
  localDir: string;
  /** Signs the local driver's links; the instance's auth secret (a key is derived from it). */
  signingSecret: string;
  /** The S3-compatible bucket, when configured; it then replaces the local driver. */
  s3: S3Config | null;
  /** Current time in milliseconds; tests move it to make links that are already expired. */
  now?: () => number;
}

export function buildStorageSettings(config: ServerConfig, signingSecret: string): StorageSettings {
  return { localDir: config.env.STORAGE_DIR, signingSecret, s3: config.s3 };
}

/** The S3-compatible driver when a bucket is configured, otherwise local disk. */
export function createStorage(settings: StorageSettings, logger: Logger): Storage {
  const now = settings.now ?? Date.now;
  return settings.s3
    ? createS3Storage(settings.s3, logger, now)
    : createLocalStorage({ dir: settings.localDir, secret: settings.signingSecret }, logger, now);
}
