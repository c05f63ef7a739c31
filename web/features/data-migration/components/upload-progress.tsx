import { ProgressBar, clampPercent } from "#web/components/ui/progress-bar.tsx";

/**
 * How much of a file has been sent. The bar stays full while the server finishes checking the
 * rows (it validates while the file streams in, and answers after the last byte).
 */
export function UploadProgress({ fileName, fraction }: { fileName: string; fraction: number }) {
  const percent = clampPercent(fraction * 100);
  return (
    <ProgressBar
      value={percent}
      caption={`Uploading ${fileName}`}
      valueText={fraction >= 1 ? "Sent; checking rows" : `${percent}% sent`}
      showValue
    />
  );
}
