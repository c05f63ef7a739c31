import { z } from "zod";
import { MIGRATION_ENTITY_IDS } from "../domain/migration-entity-ids.ts";
import { defineRoute } from "./http.ts";

/** Realtime events, delivered over Server-Sent Events to the organization they concern. */
export const realtimeEventSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("organizationUpdated"), organizationId: z.uuid() }),
  /** Members, roles or invitations of the organization changed. */
  z.object({ type: z.literal("teamChanged"), organizationId: z.uuid() }),
  /** A user's profile or role changed: screens that show it, and that user's own rights, refresh. */
  z.object({ type: z.literal("claimsRefreshed"), organizationId: z.uuid(), userId: z.string() }),
  /** The organization's menu version, that version's configuration or a member's menu exclusions changed. */
  z.object({ type: z.literal("menuChanged"), organizationId: z.uuid() }),
  /** The organization's NDA was signed or countersigned. */
  z.object({ type: z.literal("ndaChanged"), organizationId: z.uuid() }),
  /** A launchpad page was saved or completed (its readings may have moved). */
  z.object({ type: z.literal("launchpadChanged"), organizationId: z.uuid() }),
  /** An estimate's header was created, changed (primary, lock, approval, total) or deleted. */
  z.object({ type: z.literal("estimateHeaderChanged"), organizationId: z.uuid(), estimateId: z.uuid() }),
  /** An estimate's lines changed; screens refresh only estimates they know (spec §7). */
  z.object({ type: z.literal("estimateDetailsChanged"), organizationId: z.uuid(), estimateId: z.uuid() }),
  /** A data connection was created, changed, tested or deleted. */
  z.object({ type: z.literal("dataConnectionChanged"), organizationId: z.uuid(), connectionId: z.uuid() }),
  /** An entity's staged dataset or upload report changed: an upload, a discard or the ETL team's review. */
  z.object({ type: z.literal("migrationDatasetChanged"), organizationId: z.uuid(), entity: z.enum(MIGRATION_ENTITY_IDS) }),
  /**
   * The organization's launch plan moved: a milestone's status or an employee's override
   * (milestone_organizations), or someone's topic progress (user_topic_progress).
   */
  z.object({ type: z.literal("launchPlanChanged"), organizationId: z.uuid() }),
  /** Configuration answers were saved, or a module was submitted or reopened. */
  z.object({ type: z.literal("configurationChanged"), organizationId: z.uuid() }),
  /** The provider imported a new curriculum: every organization's plan may have changed. */
  z.object({ type: z.literal("curriculumChanged"), organizationId: z.uuid() }),
  /** The file library changed: a file or folder was added, renamed, moved or deleted, or a mission started. */
  z.object({ type: z.literal("contentChanged"), organizationId: z.uuid() }),
  /** An entity's attachments changed (a link added or removed, or an attached file deleted). */
  z.object({ type: z.literal("attachmentsChanged"), organizationId: z.uuid(), entityType: z.string(), entityId: z.uuid() }),
  /** An action log entry was created, changed, commented on or deleted. */
  z.object({ type: z.literal("actionLogsChanged"), organizationId: z.uuid(), actionLogId: z.uuid() }),
  /** A person of the organization has a new notification (their centre refreshes). */
  z.object({ type: z.literal("notificationsChanged"), organizationId: z.uuid(), userId: z.string() }),
  /** An extension was requested, withdrawn, declined, activated or deactivated (access follows). */
  z.object({ type: z.literal("extensionsChanged"), organizationId: z.uuid() }),
  /** An extension's workspace was saved, submitted, reopened or had its import changed. */
  z.object({ type: z.literal("extensionWorkspaceChanged"), organizationId: z.uuid(), extensionId: z.string() }),
]);
export type RealtimeEvent = z.infer<typeof realtimeEventSchema>;
export type RealtimeEventType = RealtimeEvent["type"];

/** The SSE `event:` name of each kind of message on the stream. */
export const SSE_EVENT = {
  /** A RealtimeEvent; `id:` is its position in the organization's event log. */
  change: "change",
  /** The client was away longer than the event log reaches back: refetch everything. */
  resync: "resync",
  /** Keeps idle connections open through proxies. */
  ping: "ping",
} as const;

export const eventStreamQuerySchema = z.object({
  /** Same as the Last-Event-ID header, for clients that cannot set headers. */
  lastEventId: z.string().regex(/^\d{1,19}$/, { error: "lastEventId must be an event id" }).optional(),
  /** The organization an employee acts for (EventSource cannot send headers). */
  org: z.uuid({ error: "org must be an organization id" }).optional(),
});

export const eventStreamRoute = defineRoute({
  id: "streamEvents",
  method: "get",
  path: "/api/events",
  summary: "Server-Sent Events for the acting organization (replays from Last-Event-ID)",
  tag: "Realtime",
  access: "organization",
  query: eventStreamQuerySchema,
  response: realtimeEventSchema,
  produces: "text/event-stream",
});

