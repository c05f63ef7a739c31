import { ProgressBar, clampPercent } from "#web/components/ui/progress-bar.tsx";

/**
 * How much of the zip has been sent. Once every byte is out the bar stays full while the server
 * checks the curriculum and writes it.
 */
export function ImportProgress({ fileName, fraction }: { fileName: string; fraction: number }) {
  const percent = clampPercent(fraction * 100);
  const sent = fraction >= 1;
  return (
    <ProgressBar
      value={percent}
      caption={sent ? `Checking ${fileName}…` : `Uploading ${fileName}`}
      valueText={sent ? "Sent; checking the curriculum" : `${percent}% sent`}
      showValue
    />
  );
}
