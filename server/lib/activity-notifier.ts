import type { Queryable } from "#server/db/database";

/**
 * What the action log tells the notifications feature. The action log calls it inside its writing
 * transaction (so a rolled-back change notifies nobody) and calls `afterCommit` once the change is
 * committed, which sends the emails due at once. `app.ts` hands the notifications feature's
 * implementation to the action log; the features never import each other.
 */
export interface ActionLogActivity {
  organizationId: string;
  actionLogId: string;
  /** "TASK-3" */
  reference: string;
  title: string;
  /** Who made the change (never notified of their own change). */
  actorId: string | null;
  creatorId: string | null;
  assigneeId: string | null;
  /** A help request (Get Expert Help): its notifications open its own page. */
  helpRequest: boolean;
}

export interface ActivityNotifier {
  /** The entry was assigned to `activity.assigneeId` (on create or on a change of assignee). */
  entryAssigned(tx: Queryable, activity: ActionLogActivity): Promise<void>;
  /** A comment was added: the creator and the assignee hear of it. */
  commentAdded(tx: Queryable, activity: ActionLogActivity, comment: string): Promise<void>;
  /** A help request was raised: the provider's employees hear of it, as each has chosen. */
  helpRequestRaised(tx: Queryable, activity: ActionLogActivity): Promise<void>;
  /** A help request's status changed: its creator hears of it. */
  helpStatusChanged(tx: Queryable, activity: ActionLogActivity, status: string): Promise<void>;
  /** Sends what must go at once (assignment emails) after the change committed; never rejects. */
  afterCommit(): Promise<void>;
}

/** For callers with nobody to tell (the CLI, the demo seed). */
export const silentNotifier: ActivityNotifier = {
  entryAssigned: async () => {},
  commentAdded: async () => {},
  helpRequestRaised: async () => {},
  helpStatusChanged: async () => {},
  afterCommit: async () => {},
};
