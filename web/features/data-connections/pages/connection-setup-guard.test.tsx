import { type QueryClient } from "@tanstack/react-query";
import { act, cleanup, fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type FakeAnswer, type FakeReply, installFakeApi } from "#web/lib/testing/fake-api.ts";
import {
  API,
  CONNECTED_RESULT,
  CONNECTION_IDS,
  POSTGRES,
  SERVER_FAILURE,
  continueToReview,
  currentUrl,
  fill,
  renderDataSetup,
  validationFailure,
} from "#web/features/data-connections/data-connections-test-kit.tsx";
import { toasts } from "#web/lib/testing/toast-recorder.ts";


const ONE = API.one(CONNECTION_IDS.postgres);
const PUT = `PUT ${ONE}`;
const EDIT_URL = `/data-connection/setup?connection=${CONNECTION_IDS.postgres}`;

function render(answers: Record<string, FakeAnswer> = {}) {
  const api = installFakeApi({ [`GET ${ONE}`]: { body: POSTGRES }, [API.list]: { body: { connections: [POSTGRES] } }, ...answers });
  const rendered = renderDataSetup(EDIT_URL);
  return { api, user: userEvent.setup(), ...rendered };
}

/** An answer the test gives later, through `reply`. */
function heldAnswer() {
  let reply: (answer: FakeReply) => void = () => {
    throw new Error("the request was not sent yet");
  };
  const answer: FakeAnswer = () =>
    new Promise<FakeReply>((resolve) => {
      reply = resolve;
    });
  return { answer, reply: (value: FakeReply) => reply(value) };
}

/** Everything the mutation cache still holds as the variables of its mutations. */
function heldVariables(queryClient: QueryClient): string {
  return JSON.stringify(queryClient.getMutationCache().getAll().map((mutation) => mutation.state.variables));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("leaving the connection wizard", () => {
  it("still asks when edits are left by going Back to the page a save opened", async () => {
    const { user, router } = render({ [PUT]: { body: POSTGRES } });
    await screen.findByRole("heading", { name: "Details" });
    await fill(user, /^Host/, "db2.acme.example");
    await continueToReview(user);
    await user.click(screen.getByRole("button", { name: "Save changes" }));
    await vi.waitFor(() => expect(currentUrl(router)).toBe("/data-connection"));

    await user.click(await screen.findByRole("link", { name: "Edit Warehouse database" }));
    await screen.findByRole("heading", { name: "Details" });
    await fill(user, /^Host/, "db3.acme.example");
    await router.navigate(-1);

    const dialog = await screen.findByRole("alertdialog", { name: "Unsaved changes" });
    await user.click(within(dialog).getByRole("button", { name: "Keep Editing" }));
    expect(currentUrl(router)).toBe(EDIT_URL);
    expect((screen.getByLabelText(/^Host/) as HTMLInputElement).value).toBe("db3.acme.example");
  });

  it("holds the user on the page while a save runs, instead of offering to discard it", async () => {
    const put = heldAnswer();
    const { api, user, router } = render({ [PUT]: put.answer });
    await screen.findByRole("heading", { name: "Details" });
    await fill(user, /^Host/, "db2.acme.example");
    await continueToReview(user);
    await user.click(screen.getByRole("button", { name: "Save changes" }));
    await vi.waitFor(() => expect(api.to(PUT)).toHaveLength(1));

    await user.click(screen.getByRole("link", { name: "Leave" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Saving in progress" });
    expect(dialog.textContent).toContain("The connection is still being saved");
    expect(within(dialog).queryByRole("button", { name: "Discard Changes" })).toBeNull();
    await user.click(within(dialog).getByRole("button", { name: "Stay on this page" }));
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(currentUrl(router)).toBe(EDIT_URL);

    act(() => put.reply({ body: POSTGRES }));
    await vi.waitFor(() => expect(currentUrl(router)).toBe("/data-connection"));
    expect(toasts.success).toEqual([["Success", { description: "Data connection has been updated." }]]);
  });

  it("lets the user go once a save they waited for has failed with nothing left unsaved", async () => {
    const put = heldAnswer();
    const { api, user, router } = render({ [PUT]: put.answer });
    await screen.findByRole("heading", { name: "Details" });
    await continueToReview(user);
    await user.click(screen.getByRole("button", { name: "Save changes" }));
    await vi.waitFor(() => expect(api.to(PUT)).toHaveLength(1));
    await user.click(screen.getByRole("link", { name: "Leave" }));
    await screen.findByRole("alertdialog", { name: "Saving in progress" });

    act(() => put.reply(SERVER_FAILURE));
    await vi.waitFor(() => expect(currentUrl(router)).toBe("/elsewhere"));
    expect(toasts.error).toEqual([["Error", { description: "Failed to update data connection. Something went wrong on our side." }]]);
  });

  it("never navigates when a save ends after the wizard is gone", async () => {
    const put = heldAnswer();
    const { api, user, router } = render({ [PUT]: put.answer });
    await screen.findByRole("heading", { name: "Details" });
    await continueToReview(user);
    await user.click(screen.getByRole("button", { name: "Save changes" }));
    await vi.waitFor(() => expect(api.to(PUT)).toHaveLength(1));

    const navigate = vi.spyOn(router, "navigate");
    cleanup();
    put.reply({ body: POSTGRES });
    // The outcome is still told; the move to Data Setup that follows it is not made.
    await vi.waitFor(() => expect(toasts.success).toHaveLength(1));
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe("saving and testing in the wizard", () => {
  it("keeps no typed secret in the mutation cache once a test or a save has settled", async () => {
    const { api, user, queryClient } = render({ [API.test]: { body: CONNECTED_RESULT }, [PUT]: SERVER_FAILURE });
    await screen.findByRole("heading", { name: "Details" });
    await fill(user, "Password", "n3w secret");
    await continueToReview(user);

    await user.click(screen.getByRole("button", { name: "Test connection" }));
    await screen.findByTestId("connection-test-result");
    expect((api.to(API.test)[0]?.body as { connection_config: Record<string, unknown> }).connection_config.password).toBe("n3w secret");
    await vi.waitFor(() => expect(heldVariables(queryClient)).not.toContain("n3w secret"));

    await user.click(screen.getByRole("button", { name: "Save changes" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Something went wrong on our side.");
    expect((api.to(PUT)[0]?.body as { connection_config: Record<string, unknown> }).connection_config.password).toBe("n3w secret");
    await vi.waitFor(() => expect(heldVariables(queryClient)).not.toContain("n3w secret"));
  });

  it("forgets an earlier test result when a failed save sends the user back to the details", async () => {
    const { user } = render({
      [API.test]: { body: CONNECTED_RESULT },
      [PUT]: validationFailure([{ path: "connection_config.database", message: "Database erp does not exist on this server" }]),
    });
    await screen.findByRole("heading", { name: "Details" });
    await continueToReview(user);
    await user.click(screen.getByRole("button", { name: "Test connection" }));
    await screen.findByTestId("connection-test-result");

    await user.click(screen.getByRole("button", { name: "Save changes" }));
    await screen.findByRole("heading", { name: "Details" });
    await fill(user, /^Database/, "erp_live");
    await continueToReview(user);
    expect(screen.queryByTestId("connection-test-result")).toBeNull();
    expect((screen.getByRole("button", { name: "Test connection" }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("ignores a test that answers after the user went back to the details", async () => {
    const test = heldAnswer();
    const { api, user, queryClient } = render({ [API.test]: test.answer });
    await screen.findByRole("heading", { name: "Details" });
    await continueToReview(user);
    await user.click(screen.getByRole("button", { name: "Test connection" }));
    await vi.waitFor(() => expect(api.to(API.test)).toHaveLength(1));

    await user.click(screen.getByRole("button", { name: "Back" }));
    await fill(user, /^Host/, "db2.acme.example");
    await continueToReview(user);
    act(() => test.reply({ body: CONNECTED_RESULT }));
    // Settled: the test's mutation has left the cache.
    await vi.waitFor(() => expect(queryClient.getMutationCache().getAll()).toEqual([]));
    expect(screen.queryByTestId("connection-test-result")).toBeNull();
  });

  it("sends one save when Save is pressed twice at once", async () => {
    const { api, user, router } = render({ [PUT]: { body: POSTGRES } });
    await screen.findByRole("heading", { name: "Details" });
    await continueToReview(user);
    const save = screen.getByRole("button", { name: "Save changes" });
    fireEvent.click(save);
    fireEvent.click(save);
    await vi.waitFor(() => expect(currentUrl(router)).toBe("/data-connection"));
    expect(api.to(PUT)).toHaveLength(1);
    expect(toasts.success).toHaveLength(1);
  });
});
