import { z } from "zod";
import { TOOL_ITEM_IDS } from "../domain/navigation-items.ts";
import { defineRoute } from "./http.ts";

/**
 * /tools (spec §2, the Tools section's page): each tool the caller's menu shows, with what it is
 * for and its counts, or why it is locked. Verdicts come from the access rules on the server.
 */

export const entryCountsSchema = z.object({
  kind: z.literal("entries"),
  /** Not Resolved or Closed. */
  open: z.number().int(),
  /** Open and past the due date in the organization's time zone. */
  overdue: z.number().int(),
  total: z.number().int(),
});

export const fileCountsSchema = z.object({
  kind: z.literal("files"),
  files: z.number().int(),
  folders: z.number().int(),
  bytes: z.number().int(),
});

export const toolSummarySchema = z.object({
  id: z.enum(TOOL_ITEM_IDS),
  label: z.string(),
  route: z.string(),
  description: z.string(),
  /** Why the caller cannot open it yet (the menu's reason); null when it opens. */
  locked_reason: z.string().nullable(),
  /** Null when locked: nothing of a tool the caller may not open is told. */
  counts: z.discriminatedUnion("kind", [entryCountsSchema, fileCountsSchema]).nullable(),
});
export type ToolSummary = z.infer<typeof toolSummarySchema>;

export const toolsOverviewSchema = z.object({ tools: z.array(toolSummarySchema) });
export type ToolsOverview = z.infer<typeof toolsOverviewSchema>;

export const getToolsOverviewRoute = defineRoute({
  id: "getToolsOverview",
  method: "get",
  path: "/api/tools",
  summary: "The Tools section's tools the caller's menu shows, each with what it is for and its counts, or why it is locked",
  tag: "Tools",
  access: "organization",
  item: "tools",
  response: toolsOverviewSchema,
});
