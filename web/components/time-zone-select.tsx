import { type ComponentProps, useMemo } from "react";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "./ui/select.tsx";

/** The browser's IANA zones, with UTC (not in every browser's list) and the current one. */
export function listTimeZones(current: string): string[] {
  return [...new Set(["UTC", current, ...Intl.supportedValuesOf("timeZone")])].sort((a, b) => a.localeCompare(b));
}

type TimeZoneSelectProps = Omit<ComponentProps<typeof SelectTrigger>, "value" | "onChange"> & {
  /** An IANA time zone ("Europe/Paris"). */
  value: string;
  onValueChange: (zone: string) => void;
};

/**
 * The organization's time zone (My Company, the organization profile): every zone the browser
 * knows. `fieldErrorProps()`, `onBlur` and the form's `ref` go on the trigger, like a SelectTrigger's.
 */
export function TimeZoneSelect({ value, onValueChange, ...triggerProps }: TimeZoneSelectProps) {
  const zones = useMemo(() => listTimeZones(value), [value]);
  return (
    <Select value={value} onValueChange={onValueChange}>
      <SelectTrigger {...triggerProps}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {zones.map((zone) => (
          <SelectItem key={zone} value={zone}>
            {zone.replaceAll("_", " ")}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
