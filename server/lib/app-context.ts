import type { HttpBindings } from "@hono/node-server";
import type { Logger } from "pino";

/** What the session middleware knows of the caller. */
export interface Caller {
  userId: string;
  email: string;
  sessionId: string;
  isEmployee: boolean;
  role: string;
  organizationId: string | null;
  fullName: string | null;
  companyRole: string | null;
}

/** Hono's typed context: per-request values set by middleware. */
export interface AppEnv {
  Bindings: Partial<HttpBindings>;
  Variables: {
    requestId: string;
    logger: Logger;
    caller: Caller | null;
    /** The organization the caller acts for; set on organization-scoped routes. */
    organizationId: string;
  };
}
