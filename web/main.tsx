// First: zod must be jitless before any module builds a schema (web/lib/zod-jitless.ts).
import "./lib/zod-jitless.ts";
import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { SIGNED_IN_ROUTE_ID, createAppRouter } from "./app/router.tsx";
import { ToastRegion } from "./app/toast-region.tsx";
import { detectBasename } from "./lib/base-path.ts";
import { currentUserQuery } from "./lib/current-user-query.ts";
import { deferIdleWorkUntil } from "./lib/load-when-idle.ts";
import { createQueryClient, waitForQueriesToSettle } from "./lib/query-client.ts";
import "./styles.css";

const router = createAppRouter(detectBasename(window.location.pathname));
const queryClient = createQueryClient();
// What loads "when idle" (menus, panels, the auth client) waits until the first screen has its data.
deferIdleWorkUntil(waitForQueriesToSettle(queryClient));
// A signed-in screen's first question (who is signed in) goes out while its code downloads,
// not after; the signed-out screens do not ask it.
if (router.state.matches.some((match) => match.route.id === SIGNED_IN_ROUTE_ID)) void queryClient.prefetchQuery(currentUserQuery);

const root = document.getElementById("root");
if (!root) throw new Error("The page has no #root element");

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <ToastRegion />
    </QueryClientProvider>
  </StrictMode>,
);
