import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { ORGANIZATION_HEADER, defineRoute } from "#common/contracts/http";
import { ApiError } from "./api-client.ts";
import { clearSelectedOrganization, selectEmployeeOrganization } from "./selected-organization.ts";
import { type FakeUploadRequest, installFakeUploadRequests } from "./testing/fake-upload-request.ts";
import { uploadWithProgress } from "./upload-with-progress.ts";

const CSV = "customer_id,customer_name\r\nCUST-1,Northwind\r\n";
const file = () => new File([CSV], "customers.csv", { type: "text/csv" });
const PATH = "/api/imports/customers/upload?file_name=customers.csv";

const uploadRoute = defineRoute({
  id: "uploadImport",
  method: "post",
  path: "/api/imports/:entity/upload",
  summary: "test upload",
  tag: "Test",
  access: "organization",
  query: z.object({ file_name: z.string() }),
  response: z.object({ ok: z.boolean() }),
  rawBody: { mediaTypes: ["text/csv", "text/plain"], description: "A CSV file" },
});
const target = { params: { entity: "customers" }, query: { file_name: "customers.csv" } };

afterEach(() => {
  vi.unstubAllGlobals();
  clearSelectedOrganization();
});

function only(sent: FakeUploadRequest[]): FakeUploadRequest {
  expect(sent).toHaveLength(1);
  return sent[0] as FakeUploadRequest;
}

describe("uploadWithProgress", () => {
  it("sends the file as the raw body to the contract's method and path, with its first media type, JSON accepted, cookies for this origin only", async () => {
    const sent = installFakeUploadRequests();
    const body = file();
    const result = uploadWithProgress(uploadRoute, { ...target, body });
    const request = only(sent);
    expect(request.method).toBe("POST");
    expect(request.url).toBe(PATH);
    expect(request.body).toBe(body);
    expect(request.headers).toEqual({ accept: "application/json", "content-type": "text/csv" });
    expect(request.withCredentials).toBe(false);
    request.respond(200, { ok: true });
    await expect(result).resolves.toEqual({ ok: true });
  });

  it("names the employee's acting organization in the organization header", async () => {
    selectEmployeeOrganization("8d0f7a52-5b0e-4c57-9d0c-31f3a4b0c001");
    const sent = installFakeUploadRequests();
    const result = uploadWithProgress(uploadRoute, { ...target, body: file() });
    const request = only(sent);
    expect(request.headers[ORGANIZATION_HEADER]).toBe("8d0f7a52-5b0e-4c57-9d0c-31f3a4b0c001");
    request.respond(200, { ok: true });
    await result;
  });

  it("reports the share sent, from the event's total or else the file's size, and 1 once every byte is out", async () => {
    const sent = installFakeUploadRequests();
    const fractions: number[] = [];
    const body = file();
    const result = uploadWithProgress(uploadRoute, { ...target, body, onProgress: (fraction) => fractions.push(fraction) });
    const request = only(sent);
    request.progress(25, 100);
    request.progress(60, 100);
    request.progress(9, 0, false);
    request.finishSending();
    expect(fractions).toEqual([0, 0.25, 0.6, 9 / body.size, 1]);
    request.respond(200, { ok: true });
    await result;
  });

  it("rejects with an ApiError carrying the server's code, message and details", async () => {
    const sent = installFakeUploadRequests();
    const result = uploadWithProgress(uploadRoute, { ...target, body: file() });
    const details = { outcome: "refused", issue_count: 2 };
    only(sent).respond(400, { error: { code: "validation_failed", message: "The file has problems; nothing was staged", details } });
    const error = await result.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: "validation_failed", message: "The file has problems; nothing was staged", details });
  });

  it("says the server answered oddly when a failure has no error body", async () => {
    const sent = installFakeUploadRequests();
    const result = uploadWithProgress(uploadRoute, { ...target, body: file() });
    const request = only(sent);
    request.status = 502;
    request.responseText = "<html>Bad gateway</html>";
    request.dispatchEvent(new Event("load"));
    await expect(result).rejects.toMatchObject({ status: 502, code: "unexpected_response", message: "The server answered 502. Please try again." });
  });

  it("sends the content type asked for, and fails an answer that drifts from the contract", async () => {
    const sent = installFakeUploadRequests();
    const result = uploadWithProgress(uploadRoute, { ...target, body: file(), contentType: "text/plain" });
    const request = only(sent);
    expect(request.headers["content-type"]).toBe("text/plain");
    request.respond(200, { ok: "yes" });
    await expect(result).rejects.toMatchObject({ status: 200, code: "unexpected_response", message: expect.stringMatching(/^uploadImport .*ok: /) });
  });

  it("reports a connection failure as network_error", async () => {
    const sent = installFakeUploadRequests();
    const result = uploadWithProgress(uploadRoute, { ...target, body: file() });
    only(sent).failNetwork();
    await expect(result).rejects.toMatchObject({ status: 0, code: "network_error" });
  });

  it("aborts the request when the signal fires, and rejects with an AbortError", async () => {
    const sent = installFakeUploadRequests();
    const controller = new AbortController();
    const result = uploadWithProgress(uploadRoute, { ...target, body: file(), signal: controller.signal });
    const request = only(sent);
    controller.abort();
    expect(request.aborted).toBe(true);
    await expect(result).rejects.toMatchObject({ name: "AbortError" });
  });

  it("sends nothing when the signal has already fired", async () => {
    const sent = installFakeUploadRequests();
    const controller = new AbortController();
    controller.abort();
    await expect(uploadWithProgress(uploadRoute, { ...target, body: file(), signal: controller.signal })).rejects.toMatchObject({
      name: "AbortError",
    });
    expect(sent).toEqual([]);
  });
});
