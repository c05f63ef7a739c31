import { useId } from "react";

/**
 * How much of the zip has been sent. Once every byte is out the bar stays full while the server
 * checks the curriculum and writes it.
 */
export function ImportProgress({ fileName, fraction }: { fileName: string; fraction: number }) {
  const labelId = useId();
  const percent = Math.round(Math.min(1, Math.max(0, fraction)) * 100);
  const sent = fraction >= 1;
  return (
    <div className="space-y-1.5">
      <div className="flex items-center justify-between gap-2 text-sm">
        <span id={labelId} className="min-w-0 break-words">
          {sent ? `Checking ${fileName}…` : `Uploading ${fileName}`}
        </span>
        <span aria-hidden="true" className="tabular-nums text-[var(--color-muted-foreground)]">
          {percent}%
        </span>
      </div>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={sent ? "Sent; checking the curriculum" : `${percent}% sent`}
        className="h-2 w-full overflow-hidden rounded-full bg-[var(--color-muted)]"
      >
        <div className="h-full bg-[var(--color-primary)] transition-[width]" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
