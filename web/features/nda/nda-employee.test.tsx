import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithCurrentUser } from "#web/lib/testing/current-user.tsx";
import { installFakeApi } from "#web/lib/testing/fake-api.ts";
import { toasts } from "#web/lib/testing/toast-recorder.ts";
import NdaPage from "./nda-page.tsx";
import { COUNTERSIGNED, EMPLOYEE, NDA_ID, TEMPLATE, overview, signedNda } from "./nda-test-kit.ts";


afterEach(() => {
  vi.unstubAllGlobals();
});

describe("NdaPage for an employee", () => {
  it("waits for the organization to sign, naming it, offering no sign form", async () => {
    installFakeApi({ "GET /api/nda": { body: overview([]) } });
    renderWithCurrentUser(<NdaPage />, EMPLOYEE);
    expect(await screen.findByRole("heading", { name: "Waiting for Acme Corp to sign" })).toBeDefined();
    expect(screen.getByText(/between the provider and Acme Corp: they sign first, then you countersign for the provider/)).toBeDefined();
    expect(screen.getByRole("region", { name: TEMPLATE.title })).toBeDefined();
    expect(screen.queryByRole("button", { name: "Sign NDA" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Countersign NDA" })).toBeNull();
    expect(screen.getByRole("button", { name: "Edit NDA template" })).toBeDefined();
  });

  it("countersigns an NDA the organization signed", async () => {
    let countersigned = false;
    const api = installFakeApi({
      "GET /api/nda": () => ({ body: overview([countersigned ? COUNTERSIGNED : signedNda()]) }),
      [`POST /api/nda/${NDA_ID}/countersign`]: () => {
        countersigned = true;
        return { body: COUNTERSIGNED };
      },
    });
    renderWithCurrentUser(<NdaPage />, EMPLOYEE);
    const user = userEvent.setup();
    const form = (await screen.findByRole("heading", { name: "Countersign" })).closest("section");
    if (!form) throw new Error("no countersign card");
    // From the provider's side: the organization signed, the countersignature is the employee's.
    expect(screen.getByText("Signed by Acme Corp — awaiting your countersignature")).toBeDefined();
    expect(screen.getByText("Signed for Acme Corp by")).toBeDefined();
    expect((within(form).getByLabelText("Full name") as HTMLInputElement).value).toBe("Eve Employee");
    await user.type(within(form).getByLabelText("Title"), "Account Manager");
    await user.click(within(form).getByRole("button", { name: "Countersign NDA" }));

    expect(await screen.findByText("Signed by both parties")).toBeDefined();
    expect(api.to(`POST /api/nda/${NDA_ID}/countersign`).map((request) => request.body)).toEqual([
      { full_name: "Eve Employee", title: "Account Manager" },
    ]);
    expect(toasts.success).toEqual([["NDA countersigned"]]);
    expect(screen.getByText("Eve Employee, Account Manager")).toBeDefined();
    expect(screen.queryByRole("button", { name: "Countersign NDA" })).toBeNull();
  });

  it("shows a countersignature refused because it is no longer awaited", async () => {
    installFakeApi({
      "GET /api/nda": { body: overview([signedNda()]) },
      [`POST /api/nda/${NDA_ID}/countersign`]: {
        status: 409,
        body: { error: { code: "conflict", message: "This NDA is not awaiting countersignature" } },
      },
    });
    renderWithCurrentUser(<NdaPage />, EMPLOYEE);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Title"), "Account Manager");
    await user.click(screen.getByRole("button", { name: "Countersign NDA" }));
    await vi.waitFor(() =>
      expect(toasts.error).toEqual([["Could not countersign the NDA", { description: "This NDA is not awaiting countersignature" }]]),
    );
    expect(toasts.success).toEqual([]);
  });

  it("clears a countersignature's refusal as soon as a field changes", async () => {
    const api = installFakeApi({
      "GET /api/nda": { body: overview([signedNda()]) },
      [`POST /api/nda/${NDA_ID}/countersign`]: { status: 503, body: { error: { code: "unavailable", message: "Signing is unavailable right now" } } },
    });
    renderWithCurrentUser(<NdaPage />, EMPLOYEE);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Title"), "Account Manager");
    await user.click(screen.getByRole("button", { name: "Countersign NDA" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Signing is unavailable right now");

    await user.clear(screen.getByLabelText("Full name"));
    expect(screen.queryByRole("alert")).toBeNull();
    expect(api.to(`POST /api/nda/${NDA_ID}/countersign`)).toHaveLength(1);
  });

  it("edits the template in a dialog", async () => {
    const api = installFakeApi({
      "GET /api/nda": { body: overview([]) },
      "PUT /api/nda/template": ({ body }) => ({ body: { ...TEMPLATE, ...(body as object), version: 3 } }),
    });
    renderWithCurrentUser(<NdaPage />, EMPLOYEE);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Edit NDA template" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit NDA template" });
    const title = within(dialog).getByLabelText("Title") as HTMLInputElement;
    const body = within(dialog).getByLabelText("NDA text") as HTMLTextAreaElement;
    expect(title.value).toBe(TEMPLATE.title);
    expect(body.value).toBe(TEMPLATE.body);

    await user.clear(body);
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByText("The NDA text is required")).toBeDefined();
    expect(api.to("PUT /api/nda/template")).toEqual([]);

    await user.type(body, "New terms.");
    await user.clear(title);
    await user.type(title, "Mutual NDA v3");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));

    await vi.waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(api.to("PUT /api/nda/template").map((request) => request.body)).toEqual([{ title: "Mutual NDA v3", body: "New terms." }]);
    expect(toasts.success).toEqual([["NDA template saved"]]);
    await vi.waitFor(() => expect(api.to("GET /api/nda")).toHaveLength(2));
  });

  // Issue 26: long text is kept, counted and refused, never cut.
  it("keeps a pasted text past the template's limit whole, counts it and refuses to save it", async () => {
    const api = installFakeApi({ "GET /api/nda": { body: overview([]) } });
    renderWithCurrentUser(<NdaPage />, EMPLOYEE);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Edit NDA template" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit NDA template" });
    const body = within(dialog).getByLabelText("NDA text") as HTMLTextAreaElement;
    expect(body.hasAttribute("maxlength")).toBe(false);
    await user.clear(body);
    await user.paste("x".repeat(160_000));

    expect(body.value).toHaveLength(160_000);
    expect(body.getAttribute("aria-describedby")).toContain(within(dialog).getByText("160,000 / 100,000").id);
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByText("The NDA text must be at most 100,000 characters")).toBeDefined();
    expect(body.value).toHaveLength(160_000);
    expect(api.to("PUT /api/nda/template")).toEqual([]);
  });

  it("clears the template's save failure as soon as the text changes", async () => {
    const api = installFakeApi({
      "GET /api/nda": { body: overview([]) },
      "PUT /api/nda/template": { status: 503, body: { error: { code: "unavailable", message: "Saving is unavailable right now" } } },
    });
    renderWithCurrentUser(<NdaPage />, EMPLOYEE);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Edit NDA template" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit NDA template" });
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe("Saving is unavailable right now");

    await user.type(within(dialog).getByLabelText("NDA text"), " 3. Law.");
    expect(within(dialog).queryByRole("alert")).toBeNull();
    expect(api.to("PUT /api/nda/template")).toHaveLength(1);
  });
});
