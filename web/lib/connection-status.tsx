import { CircleAlert, CircleCheck, CircleDashed, CirclePause, type LucideIcon } from "lucide-react";
import type { ConnectionStatus, DataConnection } from "#common/contracts/data-connections";
import { findDataSource } from "#common/domain/data-sources";
import { cn } from "./cn.ts";

/** A data connection's status in words, wherever connections are listed (Data Setup, ETL Admin). */
export const CONNECTION_STATUS_LABELS: Record<ConnectionStatus, string> = {
  connected: "Connected",
  error: "Error",
  disconnected: "Disconnected",
};

/** How a status reads: verified, not verified yet, failing or paused. */
export type ConnectionStatusTone = "verified" | "unverified" | "error" | "paused";

export interface ConnectionStatusView {
  label: string;
  tone: ConnectionStatusTone;
  Icon: LucideIcon;
}

const ICONS: Record<ConnectionStatusTone, LucideIcon> = {
  verified: CircleCheck,
  unverified: CircleDashed,
  error: CircleAlert,
  paused: CirclePause,
};

const ICON_TONES: Record<ConnectionStatusTone, string> = {
  verified: "text-[var(--color-primary)]",
  unverified: "text-[var(--color-muted-foreground)]",
  error: "text-[var(--color-destructive)]",
  paused: "text-[var(--color-muted-foreground)]",
};

/**
 * A connection's status as people should read it. A hosted system starts "connected" without the
 * portal ever reaching it (its first sync verifies it), so until something has, it says so rather
 * than showing the check mark of a verified connection.
 */
export function describeConnectionStatus(
  connection: Pick<DataConnection, "status" | "data_source_id" | "last_tested_at">,
): ConnectionStatusView {
  const { status } = connection;
  const tone: ConnectionStatusTone =
    status === "error"
      ? "error"
      : status === "disconnected"
        ? "paused"
        : findDataSource(connection.data_source_id)?.kind === "hosted" && connection.last_tested_at === null
          ? "unverified"
          : "verified";
  const label = tone === "unverified" ? `${CONNECTION_STATUS_LABELS.connected} · not verified yet` : CONNECTION_STATUS_LABELS[status];
  return { label, tone, Icon: ICONS[tone] };
}

/** The status's icon, coloured by its tone; the words beside it carry the meaning. */
export function ConnectionStatusIcon({ view, className }: { view: ConnectionStatusView; className?: string }) {
  return <view.Icon aria-hidden="true" className={cn("shrink-0", ICON_TONES[view.tone], className)} />;
}
