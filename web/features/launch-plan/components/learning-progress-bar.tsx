import { ProgressBar } from "#web/components/ui/progress-bar.tsx";

/** A lesson's or course's progress as a bar alone, named by `label`; the caller shows any number. */
export function LearningProgressBar({ value, label, className }: { value: number; label: string; className?: string }) {
  return <ProgressBar value={value} label={label} className={className} />;
}
