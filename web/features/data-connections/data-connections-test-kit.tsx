import { screen } from "@testing-library/react";
import type userEvent from "@testing-library/user-event";
import { Link, Outlet, RouterProvider, createMemoryRouter } from "react-router";
import type { ConnectionTestResult, DataConnection } from "#common/contracts/data-connections";
import type { CurrentUser } from "#common/contracts/account";
import { ANA, renderWithCurrentUser } from "#web/lib/testing/current-user.tsx";
import ConnectionSetupPage from "./pages/connection-setup-page.tsx";
import { DataConnectionsSection } from "./components/data-connections-section.tsx";

/** Test-only: connections as the API answers them, and /data-connection and its wizard in a data router. */

export const ORGANIZATION_ID = ANA.organization_id ?? "0b5c3c4e-8f59-4a8e-9d7a-2f6c1b7e9a10";
export const EMPLOYEE: CurrentUser = { ...ANA, id: "user-employee", email: "eve@provider.example", full_name: "Eve Employee", is_employee: true };

export const CONNECTION_IDS = {
  postgres: "11111111-1111-4111-8111-111111111111",
  mysql: "22222222-2222-4222-8222-222222222222",
  xero: "33333333-3333-4333-8333-333333333333",
  files: "44444444-4444-4444-8444-444444444444",
} as const;

export const API = {
  list: "GET /api/data-connections",
  create: "POST /api/data-connections",
  test: "POST /api/data-connections/test",
  one: (id: string) => `/api/data-connections/${id}`,
} as const;

export function dataConnection(overrides: Partial<DataConnection> & Pick<DataConnection, "id" | "data_source_id">): DataConnection {
  return {
    organization_id: ORGANIZATION_ID,
    name: "Connection",
    description: null,
    status: "connected",
    connection_config: {},
    secrets_set: [],
    last_tested_at: null,
    last_test_error: null,
    created_by_name: "Ana Lima",
    created_at: "2030-01-02T09:30:00.000Z",
    updated_at: "2030-01-02T09:30:00.000Z",
    ...overrides,
  };
}

export const POSTGRES = dataConnection({
  id: CONNECTION_IDS.postgres,
  data_source_id: "postgresql",
  name: "Warehouse database",
  description: "Read replica of the ERP",
  connection_config: { host: "db.acme.example", port: 5432, database: "erp", username: "reader", use_ssl: true },
  secrets_set: ["password"],
  last_tested_at: "2030-01-03T10:00:00.000Z",
});

export const MYSQL_FAILING = dataConnection({
  id: CONNECTION_IDS.mysql,
  data_source_id: "mysql",
  name: "Shop database",
  status: "error",
  connection_config: { host: "shop.acme.example", port: 3306, database: "shop", username: "shop", use_ssl: false },
  last_tested_at: "2030-01-04T10:00:00.000Z",
  last_test_error: "Access denied for user 'shop'",
});

export const XERO_PAUSED = dataConnection({
  id: CONNECTION_IDS.xero,
  data_source_id: "xero",
  name: "Xero books",
  status: "disconnected",
  connection_config: { tenant_id: "6e0f1c2a-5b3d-4c7e-9a8b-1d2e3f4a5b6c", client_id: "xero-client" },
  secrets_set: ["client_secret"],
});

export const FILES = dataConnection({ id: CONNECTION_IDS.files, data_source_id: "csv-files", name: "Spreadsheet exports" });

export const CONNECTED_RESULT: ConnectionTestResult = {
  outcome: "connected",
  message: "Connected to erp as reader.",
  server_version: "PostgreSQL 16.4",
  tables: [
    { schema: "public", name: "customers" },
    { schema: "public", name: "invoices" },
    { schema: "sales", name: "orders" },
  ],
  table_count: 3,
  duration_ms: 42,
};

export const FAILED_RESULT: ConnectionTestResult = {
  outcome: "failed",
  message: "The server refused the connection (ECONNREFUSED).",
  duration_ms: 12,
};

export const DEFERRED_RESULT: ConnectionTestResult = {
  outcome: "deferred",
  message: "The details are complete. The portal cannot reach this system from here, so the connection will be verified when the first sync runs.",
};

/** A refusal with per-field problems, as the server answers a body its schema rejects. */
export function validationFailure(details: { path: string; message: string }[]) {
  return { status: 400, body: { error: { code: "validation_failed", message: "Some fields are not valid", details } } };
}

export const SERVER_FAILURE = { status: 500, body: { error: { code: "internal", message: "Something went wrong on our side." } } };

/**
 * /data-connection (the section) and /data-connection/setup in a data router (the leave guard
 * needs one) beside a "Leave" link to /elsewhere, as `user`; returns the query client and the router.
 */
export function renderDataSetup(path: string, user: CurrentUser = ANA) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <Link to="/elsewhere">Leave</Link>
            <Outlet />
          </>
        ),
        children: [
          {
            path: "/data-connection",
            element: (
              <>
                <h1>Data Setup</h1>
                <DataConnectionsSection />
              </>
            ),
          },
          { path: "/data-connection/setup", element: <ConnectionSetupPage /> },
          { path: "/elsewhere", element: <h1>Elsewhere</h1> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  const queryClient = renderWithCurrentUser(<RouterProvider router={router} />, user);
  return { queryClient, router };
}

/** The address the router is at, search included. */
export function currentUrl(router: ReturnType<typeof createMemoryRouter>): string {
  return router.state.location.pathname + router.state.location.search;
}

// ---- Steps through the wizard ----

type User = ReturnType<typeof userEvent.setup>;

/** Step 1 → 2 with `source` chosen. */
export async function chooseSource(user: User, source: string) {
  await user.click(await screen.findByRole("radio", { name: source }));
  await user.click(screen.getByRole("button", { name: "Continue" }));
  await screen.findByRole("heading", { name: "Details", level: 2 });
}

/** Replaces what the input labelled `label` holds with `value`. */
export async function fill(user: User, label: string | RegExp, value: string) {
  const input = screen.getByLabelText(label);
  await user.clear(input);
  if (value !== "") await user.type(input, value);
}

/** The PostgreSQL details of a new connection, then on to step 3. */
export async function fillPostgres(user: User) {
  await fill(user, /^Host/, "db.acme.example");
  await fill(user, /^Database/, "erp");
  await fill(user, /^User name/, "reader");
  await fill(user, "Password", "s3cret pass");
  await user.click(screen.getByRole("button", { name: "Continue" }));
  await screen.findByRole("heading", { name: "Test and save", level: 2 });
}

/** The error message tied to the input labelled `label`, if any. */
export function errorOf(label: string | RegExp): string | null {
  const input = screen.getByLabelText(label);
  const ids = input.getAttribute("aria-describedby")?.split(" ") ?? [];
  const error = ids.find((id) => id.endsWith("-error"));
  return error ? (document.getElementById(error)?.textContent ?? null) : null;
}

/** Step 2 → 3. */
export async function continueToReview(user: User) {
  await user.click(screen.getByRole("button", { name: "Continue" }));
  await screen.findByRole("heading", { name: "Test and save", level: 2 });
}
