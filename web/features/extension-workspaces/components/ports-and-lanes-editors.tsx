import { useFormContext, useWatch } from "react-hook-form";
import { type LaneDraft, MAX_LANES, MAX_PORTS, type PortDraft } from "#common/domain/container-management-setup";
import { normalizeLocode } from "#common/domain/shipping-codes";
import { RowList } from "./row-list.tsx";
import { type Option, SelectField, TextField } from "./workspace-fields.tsx";

const newPort = (): PortDraft => ({ code: null, name: null, country: null });
const newLane = (): LaneDraft => ({ origin: null, destination: null, transit_days: null, carrier: null });

/** The ports the organization ships between, by UN/LOCODE. */
export function PortsEditor() {
  return (
    <RowList
      name="ports"
      noun="Port"
      emptyText="No ports yet. Add the ports your containers leave from and arrive at."
      newRow={newPort}
      max={MAX_PORTS}
      renderRow={(index) => (
        <div className="grid gap-4 sm:grid-cols-[10rem_1fr_8rem]">
          <TextField name={`ports.${index}.code`} label="UN/LOCODE" example="CNSHA" />
          <TextField name={`ports.${index}.name`} label="Name" example="Shanghai" />
          <TextField name={`ports.${index}.country`} label="Country" example="CN" />
        </div>
      )}
    />
  );
}

/** The ports typed so far, as a lane's choices ("CNSHA — Shanghai"); codes as the server keeps them. */
function usePortOptions(): Option[] {
  const { control } = useFormContext();
  const ports = (useWatch({ control, name: "ports" }) ?? []) as PortDraft[];
  const seen = new Set<string>();
  return ports.flatMap((port) => {
    const code = typeof port.code === "string" ? normalizeLocode(port.code) : "";
    if (code.length !== 5 || seen.has(code)) return [];
    seen.add(code);
    return [{ value: code, label: port.name ? `${code} — ${port.name}` : code }];
  });
}

/** The lanes between the listed ports, with their usual transit time and carrier. */
export function LanesEditor() {
  const ports = usePortOptions();
  return (
    <RowList
      name="lanes"
      noun="Lane"
      emptyText={ports.length < 2 ? "Add at least two ports, then the lanes between them." : "No lanes yet."}
      newRow={newLane}
      max={MAX_LANES}
      renderRow={(index) => (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <SelectField name={`lanes.${index}.origin`} label="Origin port" options={ports} />
          <SelectField name={`lanes.${index}.destination`} label="Destination port" options={ports} />
          <TextField name={`lanes.${index}.transit_days`} label="Typical transit (days)" type="number" />
          <TextField name={`lanes.${index}.carrier`} label="Carrier (optional)" example="Maersk" />
        </div>
      )}
    />
  );
}
