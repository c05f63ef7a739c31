import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import type { NotificationPreference } from "#common/contracts/notifications";
import { NOTIFICATION_KIND_LABELS, type NotificationKind, isDigestKind } from "#common/domain/notifications";
import { PageError } from "#web/components/page-error.tsx";
import { Checkbox } from "#web/components/ui/checkbox.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { notificationPreferencesQuery, preferenceOf, useUpdateNotificationPreference } from "./notifications-api.ts";

type Channel = "in_app" | "email";

/**
 * Each kind of notification the person receives, on or off in the portal and by email. A change is saved at once;
 * there is no Save button.
 */
export function NotificationPreferences() {
  const preferences = useQuery(notificationPreferencesQuery);
  const update = useUpdateNotificationPreference();
  if (preferences.isError) return <PageError error={preferences.error} onRetry={() => void preferences.refetch()} />;
  const data = preferences.data;
  if (!data) return <Spinner label="Loading notification settings..." />;

  const change = (kind: NotificationKind, channel: Channel, on: boolean) => update.mutate({ ...preferenceOf(data, kind), [channel]: on });
  return (
    <div className="space-y-4">
      <div className="divide-y divide-[var(--color-border)] rounded-md border border-[var(--color-border)]">
        {/* The kinds the server answers: an employee's include new help requests. */}
        {data.preferences.map((preference) => (
          <KindRow key={preference.kind} preference={preference} onChange={(channel, on) => change(preference.kind, channel, on)} />
        ))}
      </div>
      <p className="text-sm text-[var(--color-muted-foreground)]">
        Every email has a one-click unsubscribe link: it turns that kind of email off, without signing in.
      </p>
    </div>
  );
}

function KindRow({ preference, onChange }: { preference: NotificationPreference; onChange: (channel: Channel, on: boolean) => void }) {
  const id = useId();
  const box = (channel: Channel, label: string) => (
    <label htmlFor={`${id}-${channel}`} className="flex cursor-pointer items-center gap-2 text-sm">
      <Checkbox id={`${id}-${channel}`} checked={preference[channel]} onChange={(event) => onChange(channel, event.target.checked)} />
      {label}
    </label>
  );
  return (
    <fieldset className="min-w-0 space-y-2 px-3 py-3">
      <legend className="float-left mb-2 w-full text-sm font-medium">{NOTIFICATION_KIND_LABELS[preference.kind]}</legend>
      <div className="clear-left flex flex-wrap gap-x-6 gap-y-2">
        {box("in_app", "In the portal")}
        {box("email", isDigestKind(preference.kind) ? "By email (daily digest)" : "By email")}
      </div>
    </fieldset>
  );
}

/** The notification settings as a section of My Profile (the user menu composes it there). */
export function NotificationPreferencesSection() {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="min-w-0 space-y-3 border-t border-[var(--color-border)] pt-4">
      <div className="space-y-1">
        <h3 id={headingId} className="font-semibold">
          Notifications
        </h3>
        <p className="text-sm text-[var(--color-muted-foreground)]">What you are told about, in the portal and by email. Each change is saved at once.</p>
      </div>
      <NotificationPreferences />
    </section>
  );
}
