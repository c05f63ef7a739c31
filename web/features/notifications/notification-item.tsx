import type { MouseEvent } from "react";
import { Link } from "react-router";
import type { Notification } from "#common/contracts/notifications";
import { cn } from "#web/lib/cn.ts";
import { formatDateTime, formatRelativeTime } from "#web/lib/format-date.ts";

/** Where a notification leads: a path of the portal, never another site. */
export function portalPath(link: string): string {
  return link.startsWith("/") && !link.startsWith("//") ? link : "/";
}

/** A plain left click: the link opens here, not in another tab or window. */
export function opensInPlace(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * One notification of the centre: a link to the thing it is about, with who did it, when, and
 * (for employees, who work with several organizations) which organization it belongs to.
 */
export function NotificationItem({
  notification,
  showOrganization,
  onOpen,
}: {
  notification: Notification;
  showOrganization: boolean;
  onOpen: (event: MouseEvent<HTMLAnchorElement>) => void;
}) {
  const { read } = notification;
  const source = [showOrganization ? notification.organization.name : null, notification.actor?.name].filter(Boolean).join(" · ");
  return (
    <li>
      <Link
        to={portalPath(notification.link)}
        onClick={onOpen}
        className={cn(
          "flex gap-3 px-4 py-3 hover:bg-[var(--color-muted)]",
          "focus-visible:bg-[var(--color-muted)] focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-[var(--color-ring)]",
        )}
      >
        <span aria-hidden="true" className={cn("mt-1.5 size-2 shrink-0 rounded-full", read ? "bg-transparent" : "bg-[var(--color-primary)]")} />
        <span className="min-w-0 flex-1">
          {read ? null : <span className="sr-only">Unread: </span>}
          <span className={cn("block break-words text-sm", read ? "font-normal" : "font-semibold")}>{notification.title}</span>
          <span className="line-clamp-2 break-words text-sm text-[var(--color-muted-foreground)]">{notification.body}</span>
          <span className="mt-1 block text-xs text-[var(--color-muted-foreground)]">
            {source ? <span className="break-words">{source} · </span> : null}
            <time dateTime={notification.created_at} title={formatDateTime(notification.created_at)} className="whitespace-nowrap">
              {formatRelativeTime(notification.created_at)}
            </time>
          </span>
        </span>
      </Link>
    </li>
  );
}
