import { useEffect } from "react";
import { toast } from "sonner";
import { DATA_CONNECTION_MESSAGES, type DataConnection } from "#common/contracts/data-connections";
import { ApiError } from "#web/lib/api-client.ts";
import { useNoOrganizationSelected } from "#web/lib/current-user-query.ts";

type Failure = "loadFailed" | "createFailed" | "updateFailed" | "deleteFailed";

/** Spec §8: "No organization selected" — an employee has no organization to act for. */
export function showNoOrganization(): void {
  toast.error(DATA_CONNECTION_MESSAGES.noOrganization, { description: "Choose the organization to work on in the header first." });
}

/** The server refused because the request named no organization to act for. */
export function isNoOrganization(error: unknown): boolean {
  return error instanceof ApiError && error.code === "no_organization";
}

/**
 * Spec §8: "Error" with the failure's text; a write that the server refused or failed then says
 * why, in the server's words. A refusal because no organization is selected says that instead.
 */
export function showConnectionFailure(failure: Failure, error?: unknown): void {
  if (isNoOrganization(error)) {
    showNoOrganization();
    return;
  }
  const text = DATA_CONNECTION_MESSAGES[failure];
  // A failed load shows the server's words on the page itself.
  const reason = failure !== "loadFailed" && error instanceof ApiError ? error.message : null;
  toast.error("Error", { description: reason ? `${text}. ${reason}` : text });
}

export function showConnectionSuccess(description: string): void {
  toast.success("Success", { description });
}

/**
 * Reports a saved connection. The server tests a database when it is saved or resumed: one that
 * could not connect is saved with status Error, which is said as it is rather than as a success.
 */
export function reportSaved(connection: DataConnection, done: string): void {
  if (connection.status === "error") {
    toast.warning("Saved, but not connected", {
      description: `${done} The connection test failed: ${connection.last_test_error ?? "no reason was given"}`,
    });
  } else {
    showConnectionSuccess(done);
  }
}

/** Spec §8: creating a second connection for a source answers the existing one, which is then opened. */
export function showAlreadyExists(existing: DataConnection, sourceName: string): void {
  toast.info(DATA_CONNECTION_MESSAGES.alreadyExists, {
    description: `Your organization already has a ${sourceName} connection, "${existing.name}". It is open now so you can review or change it.`,
  });
}

/**
 * An employee acting for no organization (the shell normally offers to create one first): the
 * connections are not requested, and "No organization selected" says why.
 */
export function useNoOrganizationSelectedToast(): boolean {
  const noOrganization = useNoOrganizationSelected();
  useEffect(() => {
    if (noOrganization) showNoOrganization();
  }, [noOrganization]);
  return noOrganization;
}

/** Spec §8: a failed load of the connections toasts "Error: Failed to load data connections", once per failure. */
export function useLoadFailureToast(failedAt: number, isError: boolean, error: unknown): void {
  useEffect(() => {
    if (isError) showConnectionFailure("loadFailed", error);
  }, [isError, failedAt, error]);
}
