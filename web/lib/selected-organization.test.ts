import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  EMPLOYEE_ORGANIZATION_CHANGED,
  EMPLOYEE_SELECTED_ORG_KEY,
  type EmployeeOrganizationChangedDetail,
  clearSelectedOrganization,
  getSelectedOrganizationId,
  resolveEmployeeOrganization,
  selectEmployeeOrganization,
  subscribeToSelectedOrganization,
} from "./selected-organization.ts";

const A = { id: "00000000-0000-4000-8000-00000000000a" };
const B = { id: "00000000-0000-4000-8000-00000000000b" };
const STALE = "00000000-0000-4000-8000-0000000000ff";

let announced: string[];
const onChanged = (event: Event) => announced.push((event as CustomEvent<EmployeeOrganizationChangedDetail>).detail.organizationId);

beforeEach(() => {
  clearSelectedOrganization();
  window.localStorage.clear();
  announced = [];
  window.addEventListener(EMPLOYEE_ORGANIZATION_CHANGED, onChanged);
});

afterEach(() => {
  window.removeEventListener(EMPLOYEE_ORGANIZATION_CHANGED, onChanged);
});

describe("selected organization", () => {
  it("is empty until an employee's list is resolved", () => {
    window.localStorage.setItem(EMPLOYEE_SELECTED_ORG_KEY, B.id);
    expect(getSelectedOrganizationId()).toBeNull();
  });

  it("uses the saved organization when it is in the list", () => {
    window.localStorage.setItem("employee-selected-org", B.id);
    expect(resolveEmployeeOrganization([A, B])).toBe(B.id);
    expect(getSelectedOrganizationId()).toBe(B.id);
  });

  it("takes the first organization when none is saved, and saves it", () => {
    expect(resolveEmployeeOrganization([A, B])).toBe(A.id);
    expect(getSelectedOrganizationId()).toBe(A.id);
    expect(window.localStorage.getItem("employee-selected-org")).toBe(A.id);
  });

  it("takes the first organization when the saved one is no longer listed", () => {
    window.localStorage.setItem(EMPLOYEE_SELECTED_ORG_KEY, STALE);
    expect(resolveEmployeeOrganization([B, A])).toBe(B.id);
    expect(window.localStorage.getItem(EMPLOYEE_SELECTED_ORG_KEY)).toBe(B.id);
  });

  it("has nothing to select in an empty list", () => {
    window.localStorage.setItem(EMPLOYEE_SELECTED_ORG_KEY, STALE);
    expect(resolveEmployeeOrganization([])).toBeNull();
    expect(getSelectedOrganizationId()).toBeNull();
  });

  it("announces nothing on the first resolution, but a switch is saved, notified and announced", () => {
    const listener = vi.fn();
    const unsubscribe = subscribeToSelectedOrganization(listener);
    resolveEmployeeOrganization([A, B]);
    expect(announced).toEqual([]);
    expect(listener).toHaveBeenCalledTimes(1);

    selectEmployeeOrganization(B.id);
    expect(getSelectedOrganizationId()).toBe(B.id);
    expect(window.localStorage.getItem(EMPLOYEE_SELECTED_ORG_KEY)).toBe(B.id);
    expect(announced).toEqual([B.id]);
    expect(listener).toHaveBeenCalledTimes(2);

    selectEmployeeOrganization(B.id);
    expect(announced).toEqual([B.id]);
    unsubscribe();
  });

  it("keeps the current choice over the saved one, and announces a fallback when it disappears", () => {
    resolveEmployeeOrganization([A, B]);
    selectEmployeeOrganization(B.id);
    window.localStorage.setItem(EMPLOYEE_SELECTED_ORG_KEY, A.id);
    expect(resolveEmployeeOrganization([A, B])).toBe(B.id);
    announced = [];
    expect(resolveEmployeeOrganization([A])).toBe(A.id);
    expect(announced).toEqual([A.id]);
  });

  it("clearing stops sending the selection but keeps the saved preference", () => {
    resolveEmployeeOrganization([A, B]);
    clearSelectedOrganization();
    expect(getSelectedOrganizationId()).toBeNull();
    expect(window.localStorage.getItem(EMPLOYEE_SELECTED_ORG_KEY)).toBe(A.id);
  });
});
