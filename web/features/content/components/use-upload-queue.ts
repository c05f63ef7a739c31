import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { queryKeys } from "#web/lib/realtime/event-query-keys.ts";
import { uploadContentFile } from "#web/features/content/api/content-api.ts";
import { showAuthenticationRequired, showContentDone, showFailureMessage } from "./content-toasts.ts";
import { type BatchSummary, UploadQueue } from "./upload-queue-store.ts";

function filesWord(count: number): string {
  return count === 1 ? "1 file" : `${count} files`;
}

/** One toast per batch: how many were stored; what went wrong when some were not. */
function announceBatch({ uploaded, failed, authenticationRequired }: BatchSummary): void {
  if (uploaded > 0) showContentDone("Upload complete", `${filesWord(uploaded)} uploaded.`);
  if (authenticationRequired) showAuthenticationRequired();
  else if (failed.length === 1) showFailureMessage("Failed to upload content", failed[0]?.error ?? null);
  else if (failed.length > 1) showFailureMessage("Failed to upload content", `${filesWord(failed.length)} were not uploaded. The upload list says why.`);
}

/** The page's upload queue: files sent with progress, the list refreshed after each one stored. */
export function useUploadQueue() {
  const queryClient = useQueryClient();
  const refresh = useRef(() => void queryClient.invalidateQueries({ queryKey: queryKeys.content }));
  useEffect(() => {
    refresh.current = () => void queryClient.invalidateQueries({ queryKey: queryKeys.content });
  }, [queryClient]);
  const [queue] = useState(
    () =>
      new UploadQueue(() => ({
        send: uploadContentFile,
        onUploaded: () => refresh.current(),
        onBatchSettled: announceBatch,
      })),
  );
  // Leaving the page stops what is still being sent; the server then stores nothing of it.
  useEffect(() => () => queue.abortAll(), [queue]);
  const entries = useSyncExternalStore(queue.subscribe, queue.getSnapshot);
  return { queue, entries };
}
