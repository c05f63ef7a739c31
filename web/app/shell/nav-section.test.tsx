import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MapIcon } from "lucide-react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LAUNCH_PLAN_LOCKED_REASON } from "#common/domain/access";
import type { NavSectionEntry } from "./nav-items.ts";

const LOCKED_LAUNCH_PLAN: NavSectionEntry = {
  id: "system-refinement",
  label: "Launch Plan",
  icon: MapIcon,
  route: null,
  state: { state: "locked", reason: LAUNCH_PLAN_LOCKED_REASON, requires: "launchpad" },
  startsCollapsed: false,
  items: [],
};

// The tooltip's code arrives when the test opens the gate; the browser is never idle on its own.
const gate = { open: () => {} };

beforeEach(() => {
  const arrival = new Promise<void>((resolve) => {
    gate.open = resolve;
  });
  // Fresh modules each time, so that the tooltip's code has not arrived yet.
  vi.resetModules();
  vi.doMock("./locked-nav-entry-tooltip.tsx", async (importOriginal) => {
    await arrival;
    return importOriginal();
  });
  vi.stubGlobal("requestIdleCallback", () => 1);
  vi.stubGlobal("cancelIdleCallback", () => {});
});

afterEach(() => {
  // Unmounted first: unmounting cancels the idle callback.
  cleanup();
  vi.unstubAllGlobals();
});

async function renderLockedLaunchPlan() {
  const { NavSection } = await import("./nav-section.tsx");
  render(<NavSection section={LOCKED_LAUNCH_PLAN} onNdaRequired={() => {}} />);
  return screen.getByRole("button", { name: "Launch Plan" });
}

function description(element: Element): string | null {
  const id = element.getAttribute("aria-describedby");
  return id === null ? null : (document.getElementById(id)?.textContent ?? null);
}

describe("A locked entry before its tooltip's code is there", () => {
  it("is disabled but focusable, described by its reason", async () => {
    const standIn = await renderLockedLaunchPlan();
    expect(standIn.getAttribute("aria-disabled")).toBe("true");
    expect(description(standIn)).toBe(LAUNCH_PLAN_LOCKED_REASON);
    expect(screen.queryByRole("tooltip")).toBeNull();
  });

  it("hands the focus over to the entry with the tooltip, which then shows the reason", async () => {
    const user = userEvent.setup();
    const standIn = await renderLockedLaunchPlan();
    await user.tab();
    expect(document.activeElement).toBe(standIn);
    gate.open();
    const tooltip = await screen.findByRole("tooltip");
    expect(tooltip.textContent).toBe(LAUNCH_PLAN_LOCKED_REASON);
    const entry = screen.getByRole("button", { name: "Launch Plan" });
    expect(entry).not.toBe(standIn);
    expect(document.activeElement).toBe(entry);
    expect(entry.getAttribute("aria-describedby")).toBe(tooltip.id);
    expect(entry.getAttribute("aria-disabled")).toBe("true");
  });

  it("loads the tooltip's code when hovered, and shows the reason at once while the pointer is still there", async () => {
    const user = userEvent.setup();
    const standIn = await renderLockedLaunchPlan();
    await user.hover(standIn);
    gate.open();
    const tooltip = await screen.findByRole("tooltip");
    expect(tooltip.textContent).toBe(LAUNCH_PLAN_LOCKED_REASON);
    expect(standIn.isConnected).toBe(false);
    expect(screen.getByRole("button", { name: "Launch Plan" }).getAttribute("aria-describedby")).toBe(tooltip.id);
  });

  it("shows no tooltip when the pointer left before the code arrived", async () => {
    const user = userEvent.setup();
    const standIn = await renderLockedLaunchPlan();
    await user.hover(standIn);
    await user.unhover(standIn);
    gate.open();
    await waitFor(() => expect(standIn.isConnected).toBe(false));
    // The entry has its reason only while its tooltip shows, as before.
    expect(screen.queryByRole("tooltip")).toBeNull();
    expect(screen.getByRole("button", { name: "Launch Plan" }).hasAttribute("aria-describedby")).toBe(false);
  });
});
