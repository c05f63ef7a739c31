import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { queryKeysForEvent } from "#web/lib/realtime/event-query-keys.ts";
import { ANA, renderWithCurrentUser } from "#web/lib/testing/current-user.tsx";
import { recordDownloadsForEachTest } from "#web/lib/testing/download-recorder.ts";
import { installFakeApi } from "#web/lib/testing/fake-api.ts";
import { toasts } from "#web/lib/testing/toast-recorder.ts";
import NdaPage from "./nda-page.tsx";
import { COUNTERSIGNED, NDA_ID, TEMPLATE, overview, signedNda } from "./nda-test-kit.ts";

const downloads = recordDownloadsForEachTest();

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("NdaPage for a member, before signing", () => {
  it("shows the template in a named scrollable region and the sign form with the name filled in", async () => {
    installFakeApi({ "GET /api/nda": { body: overview([]) } });
    renderWithCurrentUser(<NdaPage />);
    expect(screen.getByRole("heading", { name: "Mutual NDA", level: 1 })).toBeDefined();
    const text = await screen.findByRole("region", { name: TEMPLATE.title });
    expect(text.textContent).toBe(TEMPLATE.body);
    expect(text.getAttribute("tabindex")).toBe("0");
    expect(screen.getByText("Not signed")).toBeDefined();
    expect((screen.getByLabelText("Full name") as HTMLInputElement).value).toBe("Ana Lima");
    expect((screen.getByLabelText("Title") as HTMLInputElement).value).toBe("");
    expect((screen.getByLabelText("I have read and agree to this mutual NDA") as HTMLInputElement).checked).toBe(false);
    expect(screen.queryByRole("button", { name: "Edit NDA template" })).toBeNull();
    expect(screen.queryByText("Waiting for the organization to sign")).toBeNull();
  });

  it("requires the agreement, then signs with the right body and shows the signed state", async () => {
    let signed = false;
    const api = installFakeApi({
      "GET /api/nda": () => ({ body: overview(signed ? [signedNda()] : []) }),
      "POST /api/nda/sign": () => {
        signed = true;
        return { status: 201, body: signedNda() };
      },
    });
    renderWithCurrentUser(<NdaPage />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Title"), "CFO");
    await user.click(screen.getByRole("button", { name: "Sign NDA" }));

    expect(await screen.findByText("You must agree to the NDA to sign it")).toBeDefined();
    const agreement = screen.getByLabelText("I have read and agree to this mutual NDA");
    expect(agreement.getAttribute("aria-invalid")).toBe("true");
    expect(agreement.getAttribute("aria-describedby")).toBe("nda-sign-agreed-error");
    expect(api.to("POST /api/nda/sign")).toEqual([]);

    await user.click(agreement);
    await user.click(screen.getByRole("button", { name: "Sign NDA" }));

    expect(await screen.findByText("Signed by your organization — awaiting countersignature")).toBeDefined();
    expect(api.to("POST /api/nda/sign").map((request) => request.body)).toEqual([{ full_name: "Ana Lima", title: "CFO", agreed: true }]);
    expect(toasts.success).toEqual([["NDA signed"]]);
    expect(screen.getByText("Ana Lima, CFO")).toBeDefined();
    expect(screen.getByText("Awaiting countersignature")).toBeDefined();
    expect(screen.queryByRole("button", { name: "Sign NDA" })).toBeNull();
    // Members never countersign.
    expect(screen.queryByRole("button", { name: "Countersign NDA" })).toBeNull();
  });

  it("checks the fields in the browser before asking the server", async () => {
    const api = installFakeApi({ "GET /api/nda": { body: overview([]) } });
    renderWithCurrentUser(<NdaPage />, { ...ANA, full_name: null });
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText("I have read and agree to this mutual NDA"));
    await user.click(screen.getByRole("button", { name: "Sign NDA" }));
    expect(await screen.findByText("Full name is required")).toBeDefined();
    expect(screen.getByText("Title is required")).toBeDefined();
    expect(screen.getByLabelText("Full name").getAttribute("aria-invalid")).toBe("true");
    expect(api.to("POST /api/nda/sign")).toEqual([]);
  });

  it("shows the server's field problems on their fields and other refusals above the button", async () => {
    const api = installFakeApi({
      "GET /api/nda": { body: overview([]) },
      "POST /api/nda/sign": {
        status: 400,
        body: { error: { code: "validation_failed", message: "Check the form", details: [{ path: "title", message: "Title cannot contain control characters" }] } },
      },
    });
    renderWithCurrentUser(<NdaPage />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Title"), "CFO");
    await user.click(screen.getByLabelText("I have read and agree to this mutual NDA"));
    await user.click(screen.getByRole("button", { name: "Sign NDA" }));
    expect(await screen.findByText("Title cannot contain control characters")).toBeDefined();
    expect(screen.getByLabelText("Title").getAttribute("aria-invalid")).toBe("true");

    api.answer("POST /api/nda/sign", {
      status: 403,
      body: { error: { code: "forbidden", message: "Only members of the organization can sign its NDA; employees countersign it" } },
    });
    await user.click(screen.getByRole("button", { name: "Sign NDA" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Only members of the organization can sign its NDA; employees countersign it");
    expect(toasts.success).toEqual([]);
  });

  it("clears a refusal above the button as soon as a field changes, before signing again", async () => {
    const api = installFakeApi({
      "GET /api/nda": { body: overview([]) },
      "POST /api/nda/sign": { status: 503, body: { error: { code: "unavailable", message: "Signing is unavailable right now" } } },
    });
    renderWithCurrentUser(<NdaPage />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Title"), "CFO");
    await user.click(screen.getByLabelText("I have read and agree to this mutual NDA"));
    await user.click(screen.getByRole("button", { name: "Sign NDA" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Signing is unavailable right now");

    await user.type(screen.getByLabelText("Title"), "O");
    expect(screen.queryByRole("alert")).toBeNull();
    expect(api.to("POST /api/nda/sign")).toHaveLength(1);
  });

  it("on a conflict tells why and shows the NDA someone else signed", async () => {
    let signedElsewhere = false;
    installFakeApi({
      "GET /api/nda": () => ({ body: overview(signedElsewhere ? [signedNda({ member_signer_name: "Bo Chen" })] : []) }),
      "POST /api/nda/sign": () => {
        signedElsewhere = true;
        return { status: 409, body: { error: { code: "conflict", message: "Your organization has already signed the NDA" } } };
      },
    });
    renderWithCurrentUser(<NdaPage />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Title"), "CFO");
    await user.click(screen.getByLabelText("I have read and agree to this mutual NDA"));
    await user.click(screen.getByRole("button", { name: "Sign NDA" }));
    expect(await screen.findByText("Bo Chen, CFO")).toBeDefined();
    expect(toasts.error).toEqual([["Could not sign the NDA", { description: "Your organization has already signed the NDA" }]]);
    expect(toasts.success).toEqual([]);
  });
});

describe("NdaPage once signed", () => {
  it("shows both signatures and downloads the PDF through a signed link", async () => {
    const url = "http://localhost/api/files/nda/org/doc.pdf?expires=1&signature=abc&name=Mutual%20NDA.pdf";
    const api = installFakeApi({
      "GET /api/nda": { body: overview([COUNTERSIGNED]) },
      [`GET /api/nda/${NDA_ID}/document`]: { body: { url, expires_in_seconds: 3600 } },
    });
    renderWithCurrentUser(<NdaPage />);
    expect(await screen.findByText("Signed by both parties")).toBeDefined();
    expect(screen.getByText("Ana Lima, CFO")).toBeDefined();
    expect(screen.getByText(ANA.email)).toBeDefined();
    expect(screen.getByText("Eve Employee, Account Manager")).toBeDefined();
    expect(screen.getByRole("region", { name: TEMPLATE.title })).toBeDefined();
    expect(screen.queryByRole("button", { name: "Sign NDA" })).toBeNull();
    // A single NDA needs no list.
    expect(screen.queryByRole("heading", { name: "All NDAs" })).toBeNull();

    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Download PDF" }));
    await vi.waitFor(() => expect(downloads).toEqual([{ href: url, fileName: null, blob: null }]));
    expect(api.to(`GET /api/nda/${NDA_ID}/document`)).toHaveLength(1);
  });

  it("reports a failed download", async () => {
    installFakeApi({
      "GET /api/nda": { body: overview([COUNTERSIGNED]) },
      [`GET /api/nda/${NDA_ID}/document`]: { status: 404, body: { error: { code: "not_found", message: "This NDA has no document yet" } } },
    });
    renderWithCurrentUser(<NdaPage />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Download PDF" }));
    await vi.waitFor(() => expect(toasts.error).toEqual([["Failed to download the NDA", { description: "This NDA has no document yet" }]]));
    expect(downloads).toEqual([]);
  });

  it("lists every NDA, newest first, when there is more than one", async () => {
    const older = signedNda({ id: "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d", status: "draft", member_signer_name: "Old Signer", has_document: false, created_at: "2029-01-01T00:00:00.000Z" });
    installFakeApi({ "GET /api/nda": { body: overview([COUNTERSIGNED, older]) } });
    renderWithCurrentUser(<NdaPage />);
    const list = (await screen.findByRole("heading", { name: "All NDAs" })).closest("section");
    if (!list) throw new Error("no list");
    const rows = within(list).getAllByRole("row").slice(1);
    expect(rows.map((row) => within(row).getAllByRole("cell")[1]?.textContent)).toEqual(["Signed by both parties", "Not signed"]);
    expect(within(rows[0] as HTMLElement).getByRole("button", { name: /^Download PDF of the NDA created/ })).toBeDefined();
    expect(within(rows[1] as HTMLElement).queryByRole("button")).toBeNull();
  });
});

describe("NdaPage when loading fails", () => {
  it('says "Failed to load NDAs" and retries', async () => {
    let fail = true;
    installFakeApi({
      "GET /api/nda": () =>
        fail ? { status: 500, body: { error: { code: "internal", message: "Something went wrong on our side" } } } : { body: overview([]) },
    });
    renderWithCurrentUser(<NdaPage />);
    expect((await screen.findByRole("alert")).textContent).toBe("Failed to load NDAs");
    fail = false;
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("region", { name: TEMPLATE.title })).toBeDefined();
    expect(screen.queryByText("Failed to load NDAs")).toBeNull();
  });
});

describe("NdaPage and realtime", () => {
  it("shows a signature made elsewhere once ndaChanged arrives", async () => {
    let signedElsewhere = false;
    installFakeApi({ "GET /api/nda": () => ({ body: overview(signedElsewhere ? [signedNda()] : []) }) });
    const queryClient = renderWithCurrentUser(<NdaPage />);
    expect(await screen.findByRole("button", { name: "Sign NDA" })).toBeDefined();
    signedElsewhere = true;
    const event = { type: "ndaChanged", organizationId: ANA.organization_id ?? "" } as const;
    await Promise.all(queryKeysForEvent(event).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    expect(await screen.findByText("Signed by your organization — awaiting countersignature")).toBeDefined();
    expect(screen.queryByRole("button", { name: "Sign NDA" })).toBeNull();
  });
});
