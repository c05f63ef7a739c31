import { Readable } from "node:stream";
import { DeleteObjectCommand, GetObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import type { Logger } from "pino";
import type { S3Config } from "#server/env";
import { buildContentDisposition } from "./download-name.ts";
import { resolveLinkLifetime } from "./link-lifetime.ts";
import type { Storage } from "./storage.ts";
import { assertValidStorageKey } from "./storage-keys.ts";
import { countBytes } from "./stream-bytes.ts";

const DEFAULT_CONTENT_TYPE = "application/octet-stream";

function isNoSuchKey(error: unknown): boolean {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === "NoSuchKey" || name === "NotFound" || $metadata?.httpStatusCode === 404;
}

/**
 * Files in an S3-compatible bucket (AWS S3, MinIO and the like). Uploads go through lib-storage's
 * Upload: one PUT for small bodies, a multipart upload (aborted on failure) for large streams of
 * unknown length. Links are the service's own presigned GET URLs.
 */
export function createS3Storage(config: S3Config, logger: Logger, now: () => number): Storage {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // Checksums only where S3 demands them: several S3-compatible services reject or mangle the
    // trailing checksums the SDK otherwise adds to every upload.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const Bucket = config.bucket;

  return {
    driver: "s3",

    async put(key, body, contentType) {
      assertValidStorageKey(key);
      const counted = countBytes(body);
      try {
        await new Upload({ client, params: { Bucket, Key: key, Body: Readable.from(counted.chunks), ContentType: contentType } }).done();
      } catch (error) {
        const failure = counted.failure();
        if (failure === undefined) throw error;
        // The body failed (over its limit, client gone); if aborting the multipart upload failed
        // too, its parts stay, invisible, until the bucket's lifecycle rule clears them.
        if (error !== failure) logger.warn({ err: error, storage: { key } }, "storage: aborting the upload failed");
        throw failure;
      }
      const size = counted.size();
      logger.debug({ storage: { key, size } }, "storage: stored");
      return { size };
    },

    async get(key) {
      assertValidStorageKey(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!(object.Body instanceof Readable)) throw new Error("S3 answered without a readable body");
        return { body: object.Body, size: object.ContentLength ?? 0, contentType: object.ContentType ?? DEFAULT_CONTENT_TYPE };
      } catch (error) {
        if (isNoSuchKey(error)) return null;
        throw error;
      }
    },

    async remove(key) {
      assertValidStorageKey(key);
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
      } catch (error) {
        logger.error({ err: error, storage: { key } }, "storage: removing failed");
        throw error;
      }
    },

    async createSignedUrl(key, options = {}) {
      assertValidStorageKey(key);
      const lifetime = resolveLinkLifetime(options.expiresInSeconds);
      const command = new GetObjectCommand({
        Bucket,
        Key: key,
        ResponseContentDisposition: options.downloadName ? buildContentDisposition(options.downloadName) : undefined,
        ResponseCacheControl: `private, max-age=${lifetime}`,
      });
      return getSignedUrl(client, command, { expiresIn: lifetime, signingDate: new Date(now()) });
    },

    // S3 links point at the bucket, never at the portal's file route.
    checkSignedUrl: () => ({ status: "invalid" }),

    close: async () => client.destroy(),
  };
}
