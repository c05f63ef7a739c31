import { useFormContext, useWatch } from "react-hook-form";
import { CONTAINER_PRESETS, type ContainerTypeDraft, MAX_CONTAINER_TYPES, maxGrossKg } from "#common/domain/container-management-setup";
import { Button } from "#web/components/ui/button.tsx";
import { RowList } from "./row-list.tsx";
import { TextField } from "./workspace-fields.tsx";

const kilograms = new Intl.NumberFormat("en-US");

const newType = (): ContainerTypeDraft => ({
  code: null,
  description: null,
  length_cm: null,
  width_cm: null,
  height_cm: null,
  max_payload_kg: null,
  tare_kg: null,
  volume_m3: null,
});

/** Payload plus tare, once both are numbers: what the loaded container may weigh. */
function MaxGross({ index }: { index: number }) {
  const { control } = useFormContext();
  const [payload, tare] = useWatch({ control, name: [`container_types.${index}.max_payload_kg`, `container_types.${index}.tare_kg`] }) as unknown[];
  const gross = typeof payload === "number" && typeof tare === "number" && payload > 0 && tare > 0 ? maxGrossKg({ max_payload_kg: payload, tare_kg: tare }) : null;
  return gross === null ? null : <p className="text-sm text-[var(--color-muted-foreground)]">Max gross weight: {kilograms.format(gross)} kg</p>;
}

/** The container types the organization ships in, typed in or added from the ISO presets. */
export function ContainerTypesEditor() {
  return (
    <RowList
      name="container_types"
      noun="Type"
      emptyText="No container types yet. Add a standard one or describe your own."
      newRow={newType}
      max={MAX_CONTAINER_TYPES}
      moreActions={(add) =>
        CONTAINER_PRESETS.map(({ label, ...preset }) => (
          <Button key={preset.code} type="button" variant="outline" size="sm" onClick={() => add(preset)}>
            Add {label}
          </Button>
        ))
      }
      renderRow={(index) => {
        const at = (field: keyof ContainerTypeDraft) => `container_types.${index}.${field}`;
        return (
          <div className="space-y-4">
            <div className="grid gap-4 sm:grid-cols-3">
              <TextField name={at("code")} label="Code" example="40HC" />
              <TextField name={at("description")} label="Description" example="40' high cube dry" className="sm:col-span-2" />
            </div>
            <div className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
              <TextField name={at("length_cm")} label="Length (cm)" type="number" />
              <TextField name={at("width_cm")} label="Width (cm)" type="number" />
              <TextField name={at("height_cm")} label="Height (cm)" type="number" />
              <TextField name={at("max_payload_kg")} label="Max payload (kg)" type="number" />
              <TextField name={at("tare_kg")} label="Tare (kg)" type="number" />
              <TextField name={at("volume_m3")} label="Volume (m³)" type="number" />
            </div>
            <MaxGross index={index} />
          </div>
        );
      }}
    />
  );
}
