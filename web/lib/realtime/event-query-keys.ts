import type { QueryKey } from "@tanstack/react-query";
import type { RealtimeEvent } from "#common/contracts/events";

/** Query keys shared by a feature's hooks and the realtime invalidation below. */
export const queryKeys = {
  organization: ["organization"] as const,
  currentUser: ["current-user"] as const,
};

/** Which cached queries an event makes out of date. */
export function queryKeysForEvent(event: RealtimeEvent): QueryKey[] {
  switch (event.type) {
    case "organizationUpdated":
      return [queryKeys.organization];
  }
}
