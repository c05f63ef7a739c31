import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { NDA_SIGNER_TEXT_MAX } from "#common/contracts/nda";
import { characterLimitMessage } from "#web/components/ui/character-count.tsx";
import { renderWithCurrentUser } from "#web/lib/testing/current-user.tsx";
import { installFakeApi } from "#web/lib/testing/fake-api.ts";
import { CountersignNdaForm, SignNdaForm } from "./nda-signer-forms.tsx";
import { NDA_ID } from "./nda-test-kit.ts";

const LONG = NDA_SIGNER_TEXT_MAX + 60;

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Pastes `length` characters into the field labelled `label`, whose text is selected first. */
async function pasteInto(user: ReturnType<typeof userEvent.setup>, label: string, length: number): Promise<HTMLInputElement> {
  const input = screen.getByLabelText(label) as HTMLInputElement;
  expect(input.hasAttribute("maxlength")).toBe(false);
  await user.clear(input);
  await user.paste("x".repeat(length));
  return input;
}

// Long text is kept, counted and refused, never cut (web/components/ui/character-count.tsx).
describe("the NDA signer fields", () => {
  it("keep a pasted over-long name and title whole, count them and refuse to sign", async () => {
    const api = installFakeApi();
    renderWithCurrentUser(<SignNdaForm defaultName="Ana Lima" />);
    const user = userEvent.setup();
    const name = await pasteInto(user, "Full name", LONG);
    const title = await pasteInto(user, "Title", LONG);
    await user.click(screen.getByLabelText("I have read and agree to this mutual NDA"));

    expect(name.value).toHaveLength(LONG);
    expect(title.value).toHaveLength(LONG);
    const counts = screen.getAllByText(`${LONG} / ${NDA_SIGNER_TEXT_MAX}`);
    expect(counts).toHaveLength(2);
    expect(name.getAttribute("aria-describedby")).toBe("nda-sign-full-name-count");
    expect(title.getAttribute("aria-describedby")).toBe("nda-sign-title-hint nda-sign-title-count");

    await user.click(screen.getByRole("button", { name: "Sign NDA" }));
    // The contract's own messages, so the page and the server say the same.
    expect(await screen.findByText(characterLimitMessage("Full name", NDA_SIGNER_TEXT_MAX))).toBeDefined();
    expect(screen.getByText("Title must be at most 200 characters")).toBeDefined();
    expect(name.getAttribute("aria-invalid")).toBe("true");
    expect(name.getAttribute("aria-describedby")).toBe("nda-sign-full-name-error nda-sign-full-name-count");
    expect(title.getAttribute("aria-describedby")).toBe("nda-sign-title-error nda-sign-title-hint nda-sign-title-count");
    expect(name.value).toHaveLength(LONG);
    expect(title.value).toHaveLength(LONG);
    expect(api.requests).toEqual([]);
  });

  it("stay quiet far from the limit, and show the count near it", async () => {
    installFakeApi();
    renderWithCurrentUser(<SignNdaForm defaultName="Ana Lima" />);
    const user = userEvent.setup();
    expect(document.getElementById("nda-sign-full-name-count")?.textContent).toBe("");
    await pasteInto(user, "Title", NDA_SIGNER_TEXT_MAX);
    expect(screen.getByText(`${NDA_SIGNER_TEXT_MAX} / ${NDA_SIGNER_TEXT_MAX}`)).toBeDefined();
  });

  it("keep an over-long title when countersigning, and refuse to send it", async () => {
    const api = installFakeApi();
    renderWithCurrentUser(<CountersignNdaForm ndaId={NDA_ID} defaultName="Eve Employee" />);
    const user = userEvent.setup();
    const title = await pasteInto(user, "Title", LONG);

    expect(title.value).toHaveLength(LONG);
    expect(document.getElementById("nda-countersign-title-count")?.textContent).toBe(`${LONG} / ${NDA_SIGNER_TEXT_MAX} characters · 60 too many`);
    await user.click(screen.getByRole("button", { name: "Countersign NDA" }));
    expect(await screen.findByText(characterLimitMessage("Title", NDA_SIGNER_TEXT_MAX))).toBeDefined();
    expect(screen.queryByText(characterLimitMessage("Full name", NDA_SIGNER_TEXT_MAX))).toBeNull();
    expect(title.value).toHaveLength(LONG);
    expect(api.requests).toEqual([]);
  });
});
