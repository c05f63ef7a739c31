import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { TrialStatus } from "#common/contracts/dashboard";
import { installFakeApi } from "#web/lib/testing/fake-api.ts";
import TrialStatusPage from "./trial-status-page.tsx";

const NOT_MET: TrialStatus = {
  enabled: false,
  conditions: [
    { id: "nda-signed", label: "NDA signed", met: false, description: "Sign the mutual NDA on the NDA page." },
    { id: "estimate-exists", label: "Pricing estimate", met: false, description: "Create a pricing estimate on the Subscription Price page." },
  ],
};

function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <TrialStatusPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

function condition(label: string): HTMLElement {
  const item = screen.getByText(label).closest("li");
  if (!item) throw new Error(`no condition ${label}`);
  return item;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("TrialStatusPage", () => {
  it("shows an unavailable trial, each condition unmet with where to meet it", async () => {
    installFakeApi({ "GET /api/trial-status": { body: NOT_MET } });
    renderPage();
    expect(screen.getByRole("heading", { name: "Risk-Free Trial", level: 1 })).toBeDefined();
    expect(await screen.findByRole("heading", { name: "Your risk-free trial is not available yet", level: 2 })).toBeDefined();

    const nda = condition("NDA signed");
    expect(within(nda).getByText("Not met")).toBeDefined();
    expect(within(nda).getByText("Sign the mutual NDA on the NDA page.")).toBeDefined();
    expect(within(nda).getByRole("link", { name: "Go to the NDA" }).getAttribute("href")).toBe("/nda");

    const estimate = condition("Pricing estimate");
    expect(within(estimate).getByText("Not met")).toBeDefined();
    expect(within(estimate).getByRole("link", { name: "Go to Subscription Price" }).getAttribute("href")).toBe("/price");
  });

  it("shows an available trial with every condition met", async () => {
    installFakeApi({
      "GET /api/trial-status": {
        body: {
          enabled: true,
          conditions: [
            { id: "nda-signed", label: "NDA signed", met: true, description: "Your organization has signed the mutual NDA." },
            { id: "estimate-exists", label: "Pricing estimate", met: true, description: "Your organization has a pricing estimate." },
          ],
        } satisfies TrialStatus,
      },
    });
    renderPage();
    expect(await screen.findByRole("heading", { name: "Your risk-free trial is available", level: 2 })).toBeDefined();
    expect(within(condition("NDA signed")).getByText("Met")).toBeDefined();
    const estimate = condition("Pricing estimate");
    expect(within(estimate).getByText("Met")).toBeDefined();
    expect(within(estimate).getByRole("link", { name: "Go to Subscription Price" }).getAttribute("href")).toBe("/price");
  });
});
