import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FakeEventSource } from "#web/lib/testing/fake-event-source.ts";
import { EMPLOYEE_ORGANIZATION_CHANGED } from "../selected-organization.ts";
import { queryKeys } from "./event-query-keys.ts";
import { RealtimeProvider, buildEventStreamUrl } from "./realtime-provider.tsx";

const A = "00000000-0000-4000-8000-00000000000a";
const B = "00000000-0000-4000-8000-00000000000b";

let queryClient: QueryClient;

function renderProvider(props: { enabled: boolean; organizationId?: string | null }) {
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RealtimeProvider {...props}>content</RealtimeProvider>
    </QueryClientProvider>,
  );
  return {
    rerender: (next: { enabled: boolean; organizationId?: string | null }) =>
      view.rerender(
        <QueryClientProvider client={queryClient}>
          <RealtimeProvider {...next}>content</RealtimeProvider>
        </QueryClientProvider>,
      ),
  };
}

function openSources(): FakeEventSource[] {
  return FakeEventSource.created.filter((source) => !source.closed);
}

beforeEach(() => {
  FakeEventSource.created = [];
  vi.stubGlobal("EventSource", FakeEventSource);
  queryClient = new QueryClient();
});

afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
});

describe("buildEventStreamUrl", () => {
  it("names the organization for employees and the resume point when known", () => {
    expect(buildEventStreamUrl(null, undefined)).toBe("/api/events");
    expect(buildEventStreamUrl(null, "7")).toBe("/api/events?lastEventId=7");
    expect(buildEventStreamUrl(A, undefined)).toBe(`/api/events?org=${A}`);
    expect(buildEventStreamUrl(A, "7")).toBe(`/api/events?org=${A}&lastEventId=7`);
  });
});

describe("RealtimeProvider", () => {
  it("opens the member's stream without an organization", async () => {
    renderProvider({ enabled: true });
    await vi.waitFor(() => expect(openSources().map((source) => source.url)).toEqual(["/api/events"]));
  });

  it("opens nothing while disabled (an employee without an organization)", async () => {
    renderProvider({ enabled: false, organizationId: null });
    await import("./realtime-connection.ts");
    expect(FakeEventSource.created).toEqual([]);
  });

  it("reconnects to the new organization's stream on a switch, without the old event id", async () => {
    const view = renderProvider({ enabled: true, organizationId: A });
    await vi.waitFor(() => expect(openSources()).toHaveLength(1));
    const first = openSources()[0];
    expect(first?.url).toBe(`/api/events?org=${A}`);
    act(() => {
      first?.fireOpen();
      first?.fireMessage("ping", "", "41");
    });

    view.rerender({ enabled: true, organizationId: B });
    expect(first?.closed).toBe(true);
    await vi.waitFor(() => expect(openSources().map((source) => source.url)).toEqual([`/api/events?org=${B}`]));
  });

  it("drops organization data when the employee organization changes", async () => {
    queryClient.setQueryData(queryKeys.team, { members: [] });
    queryClient.setQueryData(queryKeys.currentUser, { id: "me" });
    renderProvider({ enabled: true, organizationId: A });
    act(() => {
      window.dispatchEvent(new CustomEvent(EMPLOYEE_ORGANIZATION_CHANGED, { detail: { organizationId: B } }));
    });
    expect(queryClient.getQueryData(queryKeys.team)).toBeUndefined();
    expect(queryClient.getQueryData(queryKeys.currentUser)).toEqual({ id: "me" });
    await vi.waitFor(() => expect(openSources()).toHaveLength(1));
  });
});
