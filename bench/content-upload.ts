import { createReadStream, createWriteStream } from "node:fs";
import { copyFile, mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { once } from "node:events";
import { pipeline } from "node:stream/promises";
import { ensureServerBuild } from "../scripts/build-server.ts";
import { findFreePort, signInDemoMember, spawnPortalProcess, waitUntilReady } from "../tests/portal-process.ts";

/**
 * The file library's streamed upload (issue: a 500 MB file never sits in memory). The portal runs
 * as `npm start` runs it; a BENCH_UPLOAD_MB file (default 200) is uploaded to the library and the
 * server's peak resident memory above idle is read from /proc (VmHWM after resetting it, against
 * the idle VmRSS), goal at most 64 MB. Throughput is set against copying the same file on the same
 * disk (the kernel's copy, and Node streams in 1 MB chunks), in the same run, so the machine's
 * speed cancels out. Linux only (/proc).
 */

const FILE_MB = Number(process.env.BENCH_UPLOAD_MB ?? 200);
const GOAL_PEAK_MB = 64;
const MB = 1024 * 1024;

async function readStatusKb(pid: number, field: "VmRSS" | "VmHWM"): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status);
  if (!match) throw new Error(`/proc/${pid}/status has no ${field}`);
  return Number(match[1]);
}

/** Plain text sniffs as text/plain, which the library accepts; lines keep it looking like text. */
async function writeTextFile(file: string, megabytes: number): Promise<void> {
  const line = "Member Portal upload benchmark line, plain text, sixty-four bytes\n".slice(0, 64);
  const block = line.repeat(MB / 64);
  const out = createWriteStream(file);
  for (let written = 0; written < megabytes; written += 1) {
    if (!out.write(block)) await once(out, "drain");
  }
  out.end();
  await once(out, "finish");
}

await ensureServerBuild();
const root = await mkdtemp(path.join(tmpdir(), "portal-bench-upload-"));
const source = path.join(root, "upload.txt");
await writeTextFile(source, FILE_MB);
const size = (await stat(source)).size;
const port = await findFreePort();
const portal = spawnPortalProcess(
  {
    DATA_DIR: path.join(root, "data"),
    STORAGE_DIR: path.join(root, "storage"),
    WEB_DIST_DIR: path.join(root, "no-web"),
    UPLOAD_MAX_BYTES: String(size + MB),
    ORGANIZATION_STORAGE_QUOTA_BYTES: String(4 * size),
  },
  port,
);
try {
  await waitUntilReady(portal, performance.now(), 240_000);
  const pid = portal.child.pid;
  if (!pid) throw new Error("the portal has no pid");
  const cookie = await signInDemoMember(portal.url);

  async function upload(title: string, body: Buffer | Readable, length: number): Promise<void> {
    const query = new URLSearchParams({ title, file_name: `${title}.txt` });
    const response = await fetch(`${portal.url}/api/content/files?${query}`, {
      method: "POST",
      headers: { cookie, origin: portal.url, "content-type": "application/octet-stream", "content-length": String(length) },
      body: body instanceof Readable ? (Readable.toWeb(body) as ReadableStream<Uint8Array>) : body,
      duplex: "half",
    } as RequestInit);
    if (response.status !== 201) throw new Error(`the upload answered ${response.status}: ${await response.text()}`);
  }

  // A small upload first warms the route (code loaded, pools open), so idle means ready to upload.
  const warmUp = Buffer.from("warm-up\n".repeat(1024));
  await upload("warm-up", warmUp, warmUp.length);
  await new Promise((resolve) => setTimeout(resolve, 500));
  const idleKb = await readStatusKb(pid, "VmRSS");
  await writeFile(`/proc/${pid}/clear_refs`, "5"); // resets VmHWM to the current RSS

  const uploadStart = performance.now();
  await upload("bench-upload", createReadStream(source, { highWaterMark: MB }), size);
  const uploadMs = performance.now() - uploadStart;
  const peakKb = await readStatusKb(pid, "VmHWM");

  const copyStart = performance.now();
  await copyFile(source, path.join(root, "copy.txt"));
  const copyMs = performance.now() - copyStart;
  // The same bytes through Node streams in 1 MB chunks: what any streamed write costs here.
  const streamStart = performance.now();
  await pipeline(createReadStream(source, { highWaterMark: MB }), createWriteStream(path.join(root, "stream-copy.txt")));
  const streamMs = performance.now() - streamStart;

  const peakAboveIdleMb = (peakKb - idleKb) / 1024;
  const rate = (ms: number) => (size / MB / (ms / 1000)).toFixed(0);
  process.stdout.write(
    `Library upload of ${FILE_MB} MB (server build, embedded database, local storage): ` +
      `peak RSS ${(peakKb / 1024).toFixed(1)} MB, ${peakAboveIdleMb.toFixed(1)} MB above idle = ` +
      `${(peakAboveIdleMb / GOAL_PEAK_MB).toFixed(2)} × the ${GOAL_PEAK_MB} MB goal; ` +
      `upload ${Math.round(uploadMs)} ms (${rate(uploadMs)} MB/s) against a disk copy ${Math.round(copyMs)} ms (${rate(copyMs)} MB/s) = ` +
      `${(uploadMs / copyMs).toFixed(2)} × the copy's time, and a streamed copy ${Math.round(streamMs)} ms (${rate(streamMs)} MB/s) = ` +
      `${(uploadMs / streamMs).toFixed(2)} × its time\n`,
  );
} finally {
  await portal.stop();
  await rm(root, { recursive: true, force: true });
}
