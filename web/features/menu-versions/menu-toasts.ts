import { toast } from "sonner";
import { messageOf } from "#web/lib/api-client.ts";

/** A failed administration action: the server's message, else `fallback`. */
export function toastFailure(error: unknown, fallback: string) {
  toast.error("Error", { description: messageOf(error, fallback) });
}
