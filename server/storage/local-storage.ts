import { randomUUID } from "node:crypto";
import { mkdir, open, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Logger } from "pino";
import { FILE_ROUTE_PREFIX } from "#common/contracts/files";
import { cleanDownloadName } from "./download-name.ts";
import { createFileLinkSigner } from "./file-links.ts";
import { resolveLinkLifetime } from "./link-lifetime.ts";
import type { Storage, StoredObject } from "./storage.ts";
import { assertValidStorageKey, isValidStorageKey } from "./storage-keys.ts";
import { countBytes } from "./stream-bytes.ts";

// Keys have no dots, so these suffixes and the temp folder can never collide with a key's path.
const DATA_SUFFIX = ".data";
const META_SUFFIX = ".meta.json";
const TEMP_DIR = ".tmp";
const DEFAULT_CONTENT_TYPE = "application/octet-stream";

export interface LocalStorageSettings {
  dir: string;
  secret: string;
}

const isMissing = (error: unknown) => ["ENOENT", "ENOTDIR"].includes((error as NodeJS.ErrnoException).code ?? "");

/**
 * Files on local disk under STORAGE_DIR (created on first write): `<key>.data` beside
 * `<key>.meta.json` (content type). Writes go to a temp file, synced, then renamed into place, so
 * a reader never sees half a file. Signed links point at the portal's own file route by path alone
 * ("/api/files/<key>?…"), so a page reads them from whichever address it was opened at (127.0.0.1
 * or localhost, a proxy's name): an image or a frame from another origin would be blocked.
 */
export function createLocalStorage(settings: LocalStorageSettings, logger: Logger, now: () => number): Storage {
  const root = path.resolve(settings.dir);
  const tempDir = path.join(root, TEMP_DIR);
  const signer = createFileLinkSigner(settings.secret);
  const pathOf = (key: string, suffix: string) => {
    assertValidStorageKey(key);
    return path.join(root, `${key}${suffix}`);
  };

  /** Writes the data to a fresh temp file and syncs it; removes it again if anything fails. */
  async function writeTempFile(data: AsyncIterable<Buffer> | string): Promise<string> {
    await mkdir(tempDir, { recursive: true });
    const temp = path.join(tempDir, randomUUID());
    try {
      const handle = await open(temp, "wx");
      try {
        await writeFile(handle, data);
        await handle.sync();
      } finally {
        await handle.close();
      }
      return temp;
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  async function moveIntoPlace(temp: string, target: string): Promise<void> {
    try {
      await mkdir(path.dirname(target), { recursive: true });
      await rename(temp, target);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  async function readContentType(key: string): Promise<string> {
    try {
      const meta = JSON.parse(await readFile(pathOf(key, META_SUFFIX), "utf8")) as { contentType?: unknown };
      return typeof meta.contentType === "string" ? meta.contentType : DEFAULT_CONTENT_TYPE;
    } catch (error) {
      if (isMissing(error)) return DEFAULT_CONTENT_TYPE;
      throw error;
    }
  }

  return {
    driver: "local",

    async put(key, body, contentType) {
      const target = pathOf(key, DATA_SUFFIX);
      const counted = countBytes(body);
      const temp = await writeTempFile(counted.chunks);
      // The metadata lands first: whoever sees the data file also finds its content type.
      try {
        await moveIntoPlace(await writeTempFile(JSON.stringify({ contentType })), pathOf(key, META_SUFFIX));
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
      await moveIntoPlace(temp, target);
      logger.debug({ storage: { key, size: counted.size() } }, "storage: stored");
      return { size: counted.size() };
    },

    async get(key, range): Promise<StoredObject | null> {
      const file = pathOf(key, DATA_SUFFIX);
      let handle;
      try {
        handle = await open(file, "r");
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      // Reading through the open handle: a removal from now on no longer affects this download.
      try {
        const { size } = await handle.stat();
        const body = handle.createReadStream(range ? { start: range.start, end: range.end } : {});
        return { body, size, contentType: await readContentType(key) };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },

    async remove(key) {
      const files = [pathOf(key, DATA_SUFFIX), pathOf(key, META_SUFFIX)];
      try {
        for (const file of files) await rm(file, { force: true });
      } catch (error) {
        logger.error({ err: error, storage: { key } }, "storage: removing failed");
        throw error;
      }
    },

    async createSignedUrl(key, options = {}) {
      assertValidStorageKey(key);
      const expires = Math.floor(now() / 1000) + resolveLinkLifetime(options.expiresInSeconds);
      const name = options.downloadName ? cleanDownloadName(options.downloadName) : undefined;
      const query = [`expires=${expires}`, `signature=${signer.sign(key, expires, name)}`];
      if (name) query.push(`name=${encodeURIComponent(name)}`);
      return `${FILE_ROUTE_PREFIX}${key}?${query.join("&")}`;
    },

    checkSignedUrl(key, params) {
      return isValidStorageKey(key) ? signer.check(key, params, now()) : { status: "invalid" };
    },

    close: async () => {},
  };
}
