import { toast } from "sonner";
import { messageOf } from "#web/lib/api-client.ts";

/** A failed team action: the server's message, else `fallback`. */
export function toastFailure(error: unknown, fallback: string) {
  toast.error("Error", { description: messageOf(error, fallback) });
}

/**
 * A team mutation's callbacks that report how it went: the success toast (then `onDone`), or the
 * failure with `fallback` when the server gave no message.
 */
export function toastOutcome(success: { title: string; description: string }, fallback: string, onDone?: () => void) {
  return {
    onSuccess: () => {
      toast.success(success.title, { description: success.description });
      onDone?.();
    },
    onError: (error: unknown) => toastFailure(error, fallback),
  };
}
