import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ANA, renderWithCurrentUser } from "#web/lib/testing/current-user.tsx";

vi.mock("#web/features/auth/use-session.ts", () => ({ signOutUser: () => Promise.resolve(true) }));

// The dropdown's code arrives when the test opens the gate; the browser is never idle on its own.
const gate = { open: () => {} };

beforeEach(() => {
  const arrival = new Promise<void>((resolve) => {
    gate.open = resolve;
  });
  // Fresh modules each time, so that the dropdown's code has not arrived yet.
  vi.resetModules();
  vi.doMock("./user-menu-dropdown.tsx", async (importOriginal) => {
    await arrival;
    return importOriginal();
  });
  vi.stubGlobal("requestIdleCallback", () => 1);
  vi.stubGlobal("cancelIdleCallback", () => {});
  vi.stubGlobal("fetch", () => Promise.resolve(new Response(JSON.stringify(ANA), { status: 200 })));
});

afterEach(() => {
  // Unmounted first: unmounting cancels the idle callback.
  cleanup();
  vi.unstubAllGlobals();
});

async function renderMenu() {
  const { UserMenu } = await import("./user-menu.tsx");
  // The menu links to pages: a router from the same fresh module graph as the menu.
  const { MemoryRouter } = await import("react-router");
  renderWithCurrentUser(
    <MemoryRouter>
      <UserMenu email={ANA.email} />
    </MemoryRouter>,
  );
  return screen.getByRole("button", { name: "User menu for Ana Lima" });
}

describe("UserMenu before its dropdown's code is there", () => {
  it("shows the same button, and opens the menu once the code arrives if it was clicked", async () => {
    const user = userEvent.setup();
    const standIn = await renderMenu();
    expect(standIn.getAttribute("aria-haspopup")).toBe("menu");
    expect(standIn.getAttribute("aria-expanded")).toBe("false");
    await user.click(standIn);
    expect(screen.queryByRole("menu")).toBeNull();
    gate.open();
    const menu = await screen.findByRole("menu");
    // The open menu is modal: the rest of the page, its button included, is hidden from assistive technology.
    const trigger = screen.getByRole("button", { name: "User menu for Ana Lima", hidden: true });
    expect(trigger.getAttribute("aria-expanded")).toBe("true");
    expect(menu.getAttribute("aria-labelledby")).toBe(trigger.id);
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("menu")).toBeNull());
    expect(document.activeElement).toBe(trigger);
  });

  it("opens on the first item when it was opened from the keyboard", async () => {
    const user = userEvent.setup();
    const standIn = await renderMenu();
    await user.tab();
    expect(document.activeElement).toBe(standIn);
    await user.keyboard("{Enter}");
    gate.open();
    await screen.findByRole("menu");
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("menuitem", { name: "Profile" })));
    await user.keyboard("{Escape}");
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("button", { name: "User menu for Ana Lima" })));
  });

  it("hands the focus over to the real button when the code arrives", async () => {
    const user = userEvent.setup();
    const standIn = await renderMenu();
    await user.tab();
    gate.open();
    await waitFor(() => expect(standIn.isConnected).toBe(false));
    const trigger = screen.getByRole("button", { name: "User menu for Ana Lima" });
    expect(document.activeElement).toBe(trigger);
    await user.keyboard("{ArrowDown}");
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("menuitem", { name: "Profile" })));
  });
});
