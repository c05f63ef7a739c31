import { CONTENT_TITLE_MAX, formatFileSize, titleFromFileName } from "#common/domain/content";
import { messageOf } from "#web/lib/api-client.ts";
import type { UploadFileInput } from "#web/features/content/api/content-api.ts";
import { isAuthenticationRequired } from "./content-toasts.ts";

/** Files sent at once: enough to keep the line busy, few enough that each shows steady progress. */
export const UPLOAD_CONCURRENCY = 2;

export type UploadStatus = "waiting" | "uploading" | "done" | "failed";

export interface UploadEntry {
  id: string;
  /** The choice (or drop) it came with. */
  batch: number;
  fileName: string;
  size: number;
  /** The browser's guess from the name; the server sniffs the bytes. */
  contentType: string | null;
  /** Sent as the file's title: its name without the extension (spec §5). */
  title: string;
  status: UploadStatus;
  /** Share of the bytes sent, 0 to 1. */
  fraction: number;
  /** Why it failed, in the server's words. */
  error: string | null;
}

export interface BatchSummary {
  uploaded: number;
  failed: { fileName: string; error: string }[];
  authenticationRequired: boolean;
}

export interface UploadQueueHandlers {
  send: (input: UploadFileInput) => Promise<unknown>;
  /** After each file the server stored. */
  onUploaded: () => void;
  /** Once every file of one choice (or drop) has been stored, refused or cancelled. */
  onBatchSettled: (summary: BatchSummary) => void;
}

interface Batch {
  id: number;
  remaining: number;
  uploaded: number;
  failed: { fileName: string; error: string }[];
  authenticationRequired: boolean;
}

interface Job {
  file: File;
  parentId: string | null;
  batch: Batch;
  controller: AbortController | null;
}

/** The title a file is stored under: its name without the extension, cut to the longest title. */
export function uploadTitleOf(fileName: string): string {
  const title = titleFromFileName(fileName) || fileName.trim();
  return title.slice(0, CONTENT_TITLE_MAX).trim();
}

/**
 * The files being uploaded, outside React so that progress from several requests lands in one
 * list: each is sent with its own progress and cancel, at most UPLOAD_CONCURRENCY at a time. A
 * stored file's row stays until its batch is done; a refused one stays, with its reason, until
 * dismissed.
 */
export class UploadQueue {
  private entries: readonly UploadEntry[] = [];
  private readonly jobs = new Map<string, Job>();
  private nextBatch = 0;
  private readonly listeners = new Set<() => void>();
  private nextId = 0;

  constructor(private readonly handlers: () => UploadQueueHandlers) {}

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  readonly getSnapshot = (): readonly UploadEntry[] => this.entries;

  /** Queues `files` for the folder `parentId`; a file over `maxFileBytes` fails at once. */
  add(files: readonly File[], parentId: string | null, maxFileBytes: number | null): void {
    if (files.length === 0) return;
    this.nextBatch += 1;
    const batch: Batch = { id: this.nextBatch, remaining: files.length, uploaded: 0, failed: [], authenticationRequired: false };
    const added: UploadEntry[] = [];
    for (const file of files) {
      this.nextId += 1;
      const id = `upload-${this.nextId}`;
      const tooLarge = maxFileBytes !== null && file.size > maxFileBytes;
      const error = tooLarge ? `Failed to upload content: the file is ${formatFileSize(file.size)}; the largest file is ${formatFileSize(maxFileBytes)}.` : null;
      added.push({ id, batch: batch.id, fileName: file.name, size: file.size, contentType: file.type || null, title: uploadTitleOf(file.name), status: error ? "failed" : "waiting", fraction: 0, error });
      if (error) this.settle(batch, { fileName: file.name, error });
      else this.jobs.set(id, { file, parentId, batch, controller: null });
    }
    this.entries = [...this.entries, ...added];
    this.emit();
    this.pump();
  }

  /** Stops a file being sent, or takes a waiting one off the list. */
  cancel(id: string): void {
    const job = this.jobs.get(id);
    if (!job) return;
    if (job.controller) {
      job.controller.abort();
      return;
    }
    this.jobs.delete(id);
    this.remove(id);
    this.settle(job.batch, null);
  }

  /** Takes a failed file off the list. */
  dismiss(id: string): void {
    if (this.jobs.has(id)) return;
    this.remove(id);
  }

  /** Stops every upload (the page is left). */
  abortAll(): void {
    for (const job of this.jobs.values()) job.controller?.abort();
  }

  private pump(): void {
    const running = [...this.jobs.values()].filter((job) => job.controller !== null).length;
    let free = UPLOAD_CONCURRENCY - running;
    for (const entry of this.entries) {
      if (free <= 0) return;
      const job = this.jobs.get(entry.id);
      if (!job || job.controller) continue;
      free -= 1;
      this.start(entry, job);
    }
  }

  private start(entry: UploadEntry, job: Job): void {
    const controller = new AbortController();
    job.controller = controller;
    this.update(entry.id, { status: "uploading" });
    const { send } = this.handlers();
    send({
      file: job.file,
      title: entry.title,
      parentId: job.parentId,
      signal: controller.signal,
      onProgress: (fraction) => this.update(entry.id, { fraction }),
    }).then(
      () => {
        this.jobs.delete(entry.id);
        this.update(entry.id, { status: "done", fraction: 1 });
        job.batch.uploaded += 1;
        this.handlers().onUploaded();
        this.settle(job.batch, null);
      },
      (error: unknown) => {
        this.jobs.delete(entry.id);
        if ((error as Error | null)?.name === "AbortError") {
          this.remove(entry.id);
          this.settle(job.batch, null);
        } else {
          if (isAuthenticationRequired(error)) job.batch.authenticationRequired = true;
          const message = messageOf(error, "Failed to upload content. Please try again.");
          this.update(entry.id, { status: "failed", error: message });
          this.settle(job.batch, { fileName: entry.fileName, error: message });
        }
      },
    ).finally(() => this.pump());
  }

  private settle(batch: Batch, failure: { fileName: string; error: string } | null): void {
    if (failure) batch.failed.push(failure);
    batch.remaining -= 1;
    if (batch.remaining > 0) return;
    // Stored files leave the list once their whole batch is through; the toast says how many.
    this.entries = this.entries.filter((entry) => !(entry.status === "done" && entry.batch === batch.id));
    this.emit();
    this.handlers().onBatchSettled({ uploaded: batch.uploaded, failed: batch.failed, authenticationRequired: batch.authenticationRequired });
  }

  private update(id: string, change: Partial<UploadEntry>): void {
    this.entries = this.entries.map((entry) => (entry.id === id ? { ...entry, ...change } : entry));
    this.emit();
  }

  private remove(id: string): void {
    this.entries = this.entries.filter((entry) => entry.id !== id);
    this.emit();
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}
