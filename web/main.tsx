import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode, Suspense, lazy } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { createAppRouter } from "./app/router.tsx";
import { detectBasename } from "./lib/base-path.ts";
import { createQueryClient } from "./lib/query-client.ts";
import "./styles.css";

// No screen shows a toast as it opens, and Sonner replays toasts raised before its Toaster
// mounts: it loads after the first screen instead of with it.
const Toaster = lazy(async () => ({ default: (await import("sonner")).Toaster }));

const router = createAppRouter(detectBasename(window.location.pathname));
const queryClient = createQueryClient();

const root = document.getElementById("root");
if (!root) throw new Error("The page has no #root element");

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      {/* Spec §9: three visible toasts, 4 s, 356 px wide (Sonner's defaults). */}
      <Suspense fallback={null}>
        <Toaster visibleToasts={3} duration={4000} richColors closeButton theme="system" />
      </Suspense>
    </QueryClientProvider>
  </StrictMode>,
);
