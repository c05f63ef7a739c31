import { useQuery } from "@tanstack/react-query";
import { CheckCheck, Settings } from "lucide-react";
import type { MouseEvent } from "react";
import type { Notification } from "#common/contracts/notifications";
import { PageError } from "#web/components/page-error.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { getSelectedOrganizationId, selectEmployeeOrganization } from "#web/lib/selected-organization.ts";
import { NotificationItem, opensInPlace } from "./notification-item.tsx";
import { notificationListQuery } from "./notification-list-query.ts";
import { useMarkNotificationsRead } from "./notifications-api.ts";

function newestFirst(notifications: readonly Notification[]): Notification[] {
  return [...notifications].sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at));
}

/** The centre's content: the heading and "Mark all as read", the list, and the link to the settings. */
export function NotificationList({
  headingId,
  isEmployee,
  onNavigate,
  onOpenSettings,
  onAllRead,
}: {
  headingId: string;
  isEmployee: boolean;
  onNavigate: () => void;
  onOpenSettings: () => void;
  /** "Mark all as read" is disabled once nothing is unread: the focus must not be lost with it. */
  onAllRead: () => void;
}) {
  const list = useQuery(notificationListQuery);
  const markRead = useMarkNotificationsRead();
  const unread = list.data?.unread_count ?? 0;

  const openNotification = (event: MouseEvent<HTMLAnchorElement>, notification: Notification) => {
    if (!notification.read) markRead.mutate({ ids: [notification.id] });
    // Opened in another tab: this one stays where it is, acting for the same organization.
    if (!opensInPlace(event)) return;
    // An employee acts for one organization at a time: the link is about the notification's own.
    if (isEmployee && notification.organization.id !== getSelectedOrganizationId()) selectEmployeeOrganization(notification.organization.id);
    onNavigate();
  };

  const markAllRead = () => {
    onAllRead();
    markRead.mutate({ all: true });
  };

  return (
    <>
      <div className="flex items-center justify-between gap-2 border-b border-[var(--color-border)] py-2 pl-4 pr-2">
        <h2 id={headingId} className="font-semibold">
          Notifications
        </h2>
        <Button type="button" variant="ghost" size="sm" disabled={unread === 0} onClick={markAllRead}>
          <CheckCheck aria-hidden="true" />
          Mark all as read
        </Button>
      </div>
      <div className="max-h-[min(28rem,60vh)] overflow-y-auto">
        {list.data ? (
          list.data.notifications.length === 0 ? (
            <p className="px-4 py-8 text-center text-sm text-[var(--color-muted-foreground)]">You're all caught up.</p>
          ) : (
            <ul aria-labelledby={headingId} className="divide-y divide-[var(--color-border)]">
              {newestFirst(list.data.notifications).map((notification) => (
                <NotificationItem
                  key={notification.id}
                  notification={notification}
                  showOrganization={isEmployee}
                  onOpen={(event) => openNotification(event, notification)}
                />
              ))}
            </ul>
          )
        ) : list.isError ? (
          <div className="p-4">
            <PageError error={list.error} onRetry={() => void list.refetch()} />
          </div>
        ) : (
          <Spinner label="Loading notifications..." />
        )}
      </div>
      <div className="border-t border-[var(--color-border)] p-1">
        <Button type="button" variant="ghost" size="sm" className="w-full" onClick={onOpenSettings}>
          <Settings aria-hidden="true" />
          Notification settings
        </Button>
      </div>
    </>
  );
}
