import type { StorageUsage as Usage } from "#common/contracts/content";
import { formatFileSize } from "#common/domain/content";
import { ProgressBar } from "#web/components/ui/progress-bar.tsx";

/** "23.07 MB of 5.00 GB used", with a bar; every mission's files count. */
export function StorageUsage({ usage }: { usage: Usage }) {
  const percent = usage.quota_bytes > 0 ? (usage.used_bytes / usage.quota_bytes) * 100 : 0;
  const text = `${formatFileSize(usage.used_bytes)} of ${formatFileSize(usage.quota_bytes)} used`;
  return (
    <div className="flex max-w-md flex-wrap items-center gap-x-3 gap-y-1">
      <ProgressBar label="Storage used" value={percent} valueText={text} size="sm" className="w-40" />
      <span className="tabular-nums">{text}</span>
      <span className="w-full text-xs">Files up to {formatFileSize(usage.max_file_bytes)} each.</span>
    </div>
  );
}
