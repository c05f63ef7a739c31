import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { type ActingOrganization, ORGANIZATION_NAME_MAX } from "#common/contracts/organizations";
import { characterLimitMessage } from "#web/components/ui/character-count.tsx";
import { renderWithCurrentUser } from "#web/lib/testing/current-user.tsx";
import { installFakeApi } from "#web/lib/testing/fake-api.ts";
import { toast } from "#web/lib/testing/toast-recorder.ts";
import { RenameOrganizationForm } from "./rename-organization-form.tsx";


const ACME: ActingOrganization = {
  id: "0b5c3c4e-8f59-4a8e-9d7a-2f6c1b7e9a10",
  organization_name: "Acme",
  display_name: "Acme",
  time_zone: "Europe/Paris",
  reminder_hour: 7,
};

// Some 400 zones mount as options in jsdom: seconds each on a busy machine.
describe("RenameOrganizationForm's time zone", { timeout: 45_000 }, () => {
  it("shows the organization's zone and says what it is for: the hour the reminders go out there", () => {
    installFakeApi();
    renderWithCurrentUser(<RenameOrganizationForm organization={ACME} />);
    const zone = screen.getByRole("combobox", { name: "Time zone" });
    expect(zone.textContent).toBe("Europe/Paris");
    expect(zone.getAttribute("aria-describedby")).toBe("time_zone-hint");
    // The server's hour in the reader's locale ("7:00 AM", "07:00").
    const hint = document.getElementById("time_zone-hint")?.textContent ?? "";
    expect(hint).toMatch(/^Daily reminder emails go out at 0?7:00( AM)? in this time zone\.$/);
  });

  it("saves another zone with the name", async () => {
    const user = userEvent.setup();
    const api = installFakeApi({ "PATCH /api/organization": (request) => ({ body: { ...ACME, ...(request.body as object) } }) });
    renderWithCurrentUser(<RenameOrganizationForm organization={ACME} />);
    await user.click(screen.getByRole("combobox", { name: "Time zone" }));
    // By text in the list (Radix keeps a hidden native select too): a role query over some 400
    // zones takes seconds in jsdom.
    const option = (await screen.findAllByText("Pacific/Auckland")).find((element) => element.closest("[role=option]"));
    if (!option) throw new Error("no Pacific/Auckland option");
    await user.click(option);
    await user.click(screen.getByRole("button", { name: "Save" }));

    await vi.waitFor(() => expect(toast.success).toHaveBeenCalledWith("Time zone saved", undefined));
    expect(api.to("PATCH /api/organization").map((request) => request.body)).toEqual([{ organization_name: "Acme", time_zone: "Pacific/Auckland" }]);
  });
});

// Long text is kept, counted and refused, never cut (web/components/ui/character-count.tsx).
describe("RenameOrganizationForm's name", { timeout: 45_000 }, () => {
  it("keeps a pasted over-long name whole, counts it and refuses to save it", async () => {
    const user = userEvent.setup();
    const api = installFakeApi();
    renderWithCurrentUser(<RenameOrganizationForm organization={ACME} />);
    const name = screen.getByRole("textbox", { name: "Organization name" }) as HTMLInputElement;
    expect(name.hasAttribute("maxlength")).toBe(false);
    expect(name.getAttribute("aria-describedby")).toBe("organization_name-count");
    expect(document.getElementById("organization_name-count")?.textContent).toBe("");
    await user.clear(name);
    await user.paste("A".repeat(300));

    expect(name.value).toHaveLength(300);
    expect(screen.getByText(`300 / ${ORGANIZATION_NAME_MAX}`)).toBeDefined();
    expect(document.getElementById("organization_name-count")?.textContent).toBe(`300 / ${ORGANIZATION_NAME_MAX} characters · 100 too many`);
    await user.click(screen.getByRole("button", { name: "Save" }));

    // The contract's message: the server says the same.
    expect(await screen.findByText(characterLimitMessage("Organization name", ORGANIZATION_NAME_MAX))).toBeDefined();
    expect(name.getAttribute("aria-invalid")).toBe("true");
    expect(name.getAttribute("aria-describedby")).toBe("organization_name-error organization_name-count");
    expect(name.value).toHaveLength(300);
    expect(api.requests).toEqual([]);
    expect(toast.success).not.toHaveBeenCalled();
  });
});
