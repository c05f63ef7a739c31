import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MENU_VERSION_NAME_MAX } from "#common/contracts/menu-versions";
import { characterLimitMessage } from "#web/components/ui/character-count.tsx";
import { installFakeApi } from "#web/lib/testing/fake-api.ts";
import { toasts } from "#web/lib/testing/toast-recorder.ts";
import { V2 } from "./menu-test-answers.ts";
import { MenuVersionDialog } from "./menu-version-dialog.tsx";

const LONG = MENU_VERSION_NAME_MAX + 25;

function renderDialog(version?: typeof V2) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const onOpenChange = vi.fn();
  render(
    <QueryClientProvider client={queryClient}>
      <MenuVersionDialog open onOpenChange={onOpenChange} version={version} />
    </QueryClientProvider>,
  );
  return { onOpenChange };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

// Long text is kept, counted and refused, never cut (web/components/ui/character-count.tsx).
describe("MenuVersionDialog's name", () => {
  it("keeps a pasted over-long name whole, counts it and refuses to save it", async () => {
    const api = installFakeApi();
    const { onOpenChange } = renderDialog();
    const user = userEvent.setup();
    const dialog = screen.getByRole("dialog", { name: "New menu version" });
    const name = within(dialog).getByLabelText("Version name") as HTMLInputElement;
    expect(name.hasAttribute("maxlength")).toBe(false);
    expect(name.getAttribute("aria-describedby")).toBe("menu-version-name-hint menu-version-name-count");
    await user.click(name);
    await user.paste("v".repeat(LONG));

    expect(name.value).toHaveLength(LONG);
    const count = within(dialog).getByText(`${LONG} / ${MENU_VERSION_NAME_MAX}`);
    expect(count.closest("p")?.textContent).toBe(`${LONG} / ${MENU_VERSION_NAME_MAX} characters · 25 too many`);
    await user.click(within(dialog).getByRole("button", { name: "Save" }));

    // The contract's message: the server says the same.
    expect(await within(dialog).findByText(characterLimitMessage("Version name", MENU_VERSION_NAME_MAX))).toBeDefined();
    expect(name.getAttribute("aria-invalid")).toBe("true");
    expect(name.getAttribute("aria-describedby")).toBe("menu-version-name-error menu-version-name-hint menu-version-name-count");
    expect(name.value).toHaveLength(LONG);
    expect(api.requests).toEqual([]);
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(toasts.success).toEqual([]);
  });

  it("counts an edited name near the limit and saves it once back within it", async () => {
    const api = installFakeApi({ [`PATCH /api/admin/menu-versions/${V2.id}`]: { body: V2 } });
    const { onOpenChange } = renderDialog(V2);
    const user = userEvent.setup();
    const dialog = screen.getByRole("dialog", { name: "Edit menu version" });
    const name = within(dialog).getByLabelText("Version name") as HTMLInputElement;
    expect(document.getElementById("menu-version-name-count")?.textContent).toBe("");
    await user.type(name, "x".repeat(MENU_VERSION_NAME_MAX - name.value.length + 1));
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByText(characterLimitMessage("Version name", MENU_VERSION_NAME_MAX))).toBeDefined();

    await user.type(name, "{Backspace}");
    expect(within(dialog).getByText(`${MENU_VERSION_NAME_MAX} / ${MENU_VERSION_NAME_MAX}`)).toBeDefined();
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await vi.waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(api.to(`PATCH /api/admin/menu-versions/${V2.id}`).map((request) => (request.body as { version_name: string }).version_name)).toEqual([
      `v2${"x".repeat(MENU_VERSION_NAME_MAX - 2)}`,
    ]);
  });
});
