import { type RealtimeEvent, realtimeEventSchema } from "#common/contracts/events";

/** A change message's data as an event, or null when it is not one the portal knows. */
export function readRealtimeEvent(data: unknown): RealtimeEvent | null {
  const parsed = realtimeEventSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}
