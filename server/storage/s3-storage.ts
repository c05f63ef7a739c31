import { Readable } from "node:stream";
import type * as S3Sdk from "@aws-sdk/client-s3";
import type { Upload as S3Upload } from "@aws-sdk/lib-storage";
import type { getSignedUrl as presignUrl } from "@aws-sdk/s3-request-presigner";
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
  // The SDK loads with the first file operation, not with the server (about half a second of
  // start-up that an embedded portal on local files never needs).
  let loading: Promise<{ client: S3Sdk.S3Client; sdk: typeof S3Sdk; Upload: typeof S3Upload; getSignedUrl: typeof presignUrl }> | undefined;
  const loadSdk = () =>
    (loading ??= (async () => {
      const [sdk, { Upload }, { getSignedUrl }] = await Promise.all([
        import("@aws-sdk/client-s3"),
        import("@aws-sdk/lib-storage"),
        import("@aws-sdk/s3-request-presigner"),
      ]);
      const client = new sdk.S3Client({
        region: config.region,
        endpoint: config.endpoint,
        forcePathStyle: config.forcePathStyle,
        credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
        // Checksums only where S3 demands them: several S3-compatible services reject or mangle the
        // trailing checksums the SDK otherwise adds to every upload.
        requestChecksumCalculation: "WHEN_REQUIRED",
        responseChecksumValidation: "WHEN_REQUIRED",
      });
      return { client, sdk, Upload, getSignedUrl };
    })());
  const Bucket = config.bucket;

  return {
    driver: "s3",

    async put(key, body, contentType) {
      assertValidStorageKey(key);
      const { client, Upload } = await loadSdk();
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

    async get(key, range) {
      assertValidStorageKey(key);
      const { client, sdk } = await loadSdk();
      try {
        const Range = range ? `bytes=${range.start}-${range.end}` : undefined;
        const object = await client.send(new sdk.GetObjectCommand({ Bucket, Key: key, Range }));
        if (!(object.Body instanceof Readable)) throw new Error("S3 answered without a readable body");
        // A ranged answer's Content-Range ends in the whole object's size ("bytes 0-99/1234").
        const whole = Number(object.ContentRange?.split("/")[1]);
        const size = range && Number.isFinite(whole) ? whole : (object.ContentLength ?? 0);
        return { body: object.Body, size, contentType: object.ContentType ?? DEFAULT_CONTENT_TYPE };
      } catch (error) {
        if (isNoSuchKey(error)) return null;
        throw error;
      }
    },

    async remove(key) {
      assertValidStorageKey(key);
      const { client, sdk } = await loadSdk();
      try {
        await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: key }));
      } catch (error) {
        logger.error({ err: error, storage: { key } }, "storage: removing failed");
        throw error;
      }
    },

    async createSignedUrl(key, options = {}) {
      assertValidStorageKey(key);
      const lifetime = resolveLinkLifetime(options.expiresInSeconds);
      const { client, sdk, getSignedUrl } = await loadSdk();
      const command = new sdk.GetObjectCommand({
        Bucket,
        Key: key,
        ResponseContentDisposition: options.downloadName ? buildContentDisposition(options.downloadName) : undefined,
        ResponseCacheControl: `private, max-age=${lifetime}`,
      });
      return getSignedUrl(client, command, { expiresIn: lifetime, signingDate: new Date(now()) });
    },

    // S3 links point at the bucket, never at the portal's file route.
    checkSignedUrl: () => ({ status: "invalid" }),

    close: async () => {
      if (loading) (await loading).client.destroy();
    },
  };
}
