import { useSyncExternalStore } from "react";

/** The localStorage entry keeping an employee's chosen organization (spec §4). */
export const EMPLOYEE_SELECTED_ORG_KEY = "employee-selected-org";

/** Dispatched on `window` when an employee switches to another organization; `detail.organizationId` is the new one. */
export const EMPLOYEE_ORGANIZATION_CHANGED = "employeeOrganizationChanged";

export interface EmployeeOrganizationChangedDetail {
  organizationId: string;
}

// The acting organization an employee chose, sent with every request. It starts empty and is set
// only once the signed-in user is known to be an employee, so a member never sends it (the server
// answers 404 to a member naming an organization). The saved choice is a preference and stays
// in localStorage after sign-out.
let selectedId: string | null = null;
const listeners = new Set<() => void>();

export function getSelectedOrganizationId(): string | null {
  return selectedId;
}

export function subscribeToSelectedOrganization(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The employee's acting organization, or null (members, or before the list is loaded). */
export function useSelectedOrganizationId(): string | null {
  return useSyncExternalStore(subscribeToSelectedOrganization, getSelectedOrganizationId, getSelectedOrganizationId);
}

/** The saved choice, if any (storage can be unavailable: private modes, quotas). */
export function readSavedOrganizationId(): string | null {
  try {
    return window.localStorage.getItem(EMPLOYEE_SELECTED_ORG_KEY);
  } catch {
    return null;
  }
}

function saveOrganizationId(id: string): void {
  try {
    window.localStorage.setItem(EMPLOYEE_SELECTED_ORG_KEY, id);
  } catch {
    // Not kept across reloads; the selection still works in this tab.
  }
}

function setSelected(id: string | null): boolean {
  if (id === selectedId) return false;
  selectedId = id;
  for (const listener of listeners) listener();
  return true;
}

function announceChange(organizationId: string): void {
  window.dispatchEvent(
    new CustomEvent<EmployeeOrganizationChangedDetail>(EMPLOYEE_ORGANIZATION_CHANGED, { detail: { organizationId } }),
  );
}

/**
 * Once an employee's organization list is loaded: keeps the current (or saved) choice when it is
 * still listed, otherwise takes the first organization, and saves it. Returns the acting id (null
 * when the list is empty).
 */
export function resolveEmployeeOrganization(organizations: readonly { id: string }[]): string | null {
  const wanted = selectedId ?? readSavedOrganizationId();
  const chosen = organizations.some((organization) => organization.id === wanted) ? wanted : (organizations[0]?.id ?? null);
  if (chosen) saveOrganizationId(chosen);
  const previous = selectedId;
  // The first resolution announces nothing: no organization's data has been loaded yet.
  if (setSelected(chosen) && previous !== null && chosen !== null) announceChange(chosen);
  return chosen;
}

/** An employee picks an organization: it is saved, sent from now on, and announced. */
export function selectEmployeeOrganization(id: string): void {
  saveOrganizationId(id);
  if (setSelected(id)) announceChange(id);
}

/** Stop sending a selection (signed out, or the user is a member); the saved preference stays. */
export function clearSelectedOrganization(): void {
  setSelected(null);
}
