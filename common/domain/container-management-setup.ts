import type { FieldIssue } from "../errors.ts";
import { rowLabel } from "./extension-workspaces.ts";
import { normalizeLocode } from "./shipping-codes.ts";

/**
 * Container Management's set-up (spec §2 /extensions/container-management): the container types
 * the organization ships in, its ports and shipping lanes, and how landed costs are spread over
 * what a container carries. The open containers' CSV import is open-containers-import.ts.
 */

export const MAX_CONTAINER_TYPES = 50;
export const MAX_PORTS = 100;
export const MAX_LANES = 200;
export const CONTAINER_CODE_MAX = 10;
export const CONTAINER_DESCRIPTION_MAX = 100;
export const PORT_NAME_MAX = 100;
export const CARRIER_MAX = 100;
export const MAX_DIMENSION_CM = 5_000;
export const MAX_WEIGHT_KG = 100_000;
export const MAX_VOLUME_M3 = 500;
export const MAX_TRANSIT_DAYS = 365;

/** A container type's code: letters, digits and hyphens, stored upper-case ("40HC"). */
export const CONTAINER_CODE_PATTERN = /^[A-Z0-9][A-Z0-9-]*$/;

export const ALLOCATION_METHODS = ["by_value", "by_weight", "by_volume", "by_quantity"] as const;
export type AllocationMethod = (typeof ALLOCATION_METHODS)[number];
export const ALLOCATION_METHOD_LABELS: Record<AllocationMethod, string> = {
  by_value: "By value",
  by_weight: "By weight",
  by_volume: "By volume",
  by_quantity: "By quantity",
};

export const LANDED_COST_KINDS = ["freight", "duty", "insurance", "handling", "other"] as const;
export type LandedCostKind = (typeof LANDED_COST_KINDS)[number];
export const LANDED_COST_KIND_LABELS: Record<LandedCostKind, string> = {
  freight: "Freight",
  duty: "Duty",
  insurance: "Insurance",
  handling: "Handling",
  other: "Other",
};

export interface ContainerTypeDraft {
  code: string | null;
  description: string | null;
  length_cm: number | null;
  width_cm: number | null;
  height_cm: number | null;
  max_payload_kg: number | null;
  tare_kg: number | null;
  volume_m3: number | null;
}

export interface PortDraft {
  code: string | null;
  name: string | null;
  country: string | null;
}

export interface LaneDraft {
  origin: string | null;
  destination: string | null;
  transit_days: number | null;
  carrier: string | null;
}

export interface ContainerManagementAnswers {
  container_types: ContainerTypeDraft[];
  ports: PortDraft[];
  lanes: LaneDraft[];
  landed_costs: { method: AllocationMethod | null; cost_kinds: LandedCostKind[] };
}

export const EMPTY_CONTAINER_MANAGEMENT_ANSWERS: ContainerManagementAnswers = {
  container_types: [],
  ports: [],
  lanes: [],
  landed_costs: { method: null, cost_kinds: [] },
};

/**
 * The ISO standard dry containers, inside dimensions and typical weights (max gross 30,480 kg =
 * payload + tare): a row the page fills in with one click.
 */
export const CONTAINER_PRESETS: readonly (ContainerTypeDraft & { label: string })[] = [
  { label: "20′ standard", code: "20GP", description: "20' standard dry", length_cm: 590, width_cm: 235, height_cm: 239, max_payload_kg: 28_180, tare_kg: 2_300, volume_m3: 33.2 },
  { label: "40′ standard", code: "40GP", description: "40' standard dry", length_cm: 1203, width_cm: 235, height_cm: 239, max_payload_kg: 26_730, tare_kg: 3_750, volume_m3: 67.7 },
  { label: "40′ high cube", code: "40HC", description: "40' high cube dry", length_cm: 1203, width_cm: 235, height_cm: 269, max_payload_kg: 26_540, tare_kg: 3_940, volume_m3: 76.4 },
];

/** Payload plus tare: what the loaded container may weigh at most. */
export function maxGrossKg(type: Pick<ContainerTypeDraft, "max_payload_kg" | "tare_kg">): number | null {
  return type.max_payload_kg === null || type.tare_kg === null ? null : type.max_payload_kg + type.tare_kg;
}

/** Where `value` first appears among `values` (compared upper-case), for "already used by row N". */
function firstIndexes(values: readonly (string | null)[]): Map<string, number> {
  const first = new Map<string, number>();
  values.forEach((value, index) => {
    if (value !== null && !first.has(value.toUpperCase())) first.set(value.toUpperCase(), index);
  });
  return first;
}

/**
 * What is wrong across the rows of the set-up (each field is checked alone by the contract): a
 * container type code or port code used twice, a port whose country is not its code's, a lane
 * between ports missing from the list or from a port to itself.
 */
export function findContainerSetupIssues(answers: ContainerManagementAnswers): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const typeCodes = firstIndexes(answers.container_types.map((type) => type.code));
  answers.container_types.forEach((type, index) => {
    const first = type.code === null ? undefined : typeCodes.get(type.code.toUpperCase());
    if (first !== undefined && first !== index) issues.push({ path: `container_types.${index}.code`, message: `Code ${type.code} is already used by ${rowLabel("type", first)}` });
  });
  const portCodes = firstIndexes(answers.ports.map((port) => (port.code === null ? null : normalizeLocode(port.code))));
  answers.ports.forEach((port, index) => {
    if (port.code === null) return;
    const code = normalizeLocode(port.code);
    const first = portCodes.get(code);
    if (first !== undefined && first !== index) issues.push({ path: `ports.${index}.code`, message: `Port ${code} is already listed as ${rowLabel("port", first)}` });
    if (port.country !== null && port.country.toUpperCase() !== code.slice(0, 2)) {
      issues.push({ path: `ports.${index}.country`, message: `Must be ${code.slice(0, 2)}, the country of ${code}` });
    }
  });
  answers.lanes.forEach((lane, index) => {
    for (const end of ["origin", "destination"] as const) {
      const code = lane[end];
      if (code !== null && !portCodes.has(normalizeLocode(code))) issues.push({ path: `lanes.${index}.${end}`, message: `Port ${code} is not in the ports list` });
    }
    if (lane.origin !== null && lane.destination !== null && normalizeLocode(lane.origin) === normalizeLocode(lane.destination)) {
      issues.push({ path: `lanes.${index}.destination`, message: "Must be another port than the origin" });
    }
  });
  return issues;
}

const TYPE_FIELDS: readonly [keyof ContainerTypeDraft, string][] = [
  ["code", "enter its code"],
  ["description", "enter its description"],
  ["length_cm", "enter its length"],
  ["width_cm", "enter its width"],
  ["height_cm", "enter its height"],
  ["max_payload_kg", "enter its max payload"],
  ["tare_kg", "enter its tare weight"],
  ["volume_m3", "enter its volume"],
];

/** What the open containers imported refer to, to tell when the lists changed under them. */
export interface ImportedReferences {
  typeCodes: readonly string[];
  portCodes: readonly string[];
}

/**
 * What a submission still needs, each under the field to fill: a whole container type, two whole
 * ports and a whole lane at least, the allocation method and a cost kind; and, when open containers
 * were imported, that the types and ports they name are still listed.
 */
export function findMissingContainerAnswers(answers: ContainerManagementAnswers, imported: ImportedReferences | null): FieldIssue[] {
  const missing: FieldIssue[] = [];
  const need = (path: string, message: string) => missing.push({ path, message });
  if (answers.container_types.length === 0) need("container_types", "Add at least one container type");
  answers.container_types.forEach((type, index) => {
    for (const [field, what] of TYPE_FIELDS) {
      if (type[field] === null) need(`container_types.${index}.${field}`, `${rowLabel("Type", index)}: ${what}`);
    }
  });
  if (answers.ports.length < 2) need("ports", "Add at least two ports");
  answers.ports.forEach((port, index) => {
    if (port.code === null) need(`ports.${index}.code`, `${rowLabel("Port", index)}: enter its UN/LOCODE`);
    if (port.name === null) need(`ports.${index}.name`, `${rowLabel("Port", index)}: enter its name`);
    if (port.country === null) need(`ports.${index}.country`, `${rowLabel("Port", index)}: enter its country`);
  });
  if (answers.lanes.length === 0) need("lanes", "Add at least one shipping lane");
  answers.lanes.forEach((lane, index) => {
    if (lane.origin === null) need(`lanes.${index}.origin`, `${rowLabel("Lane", index)}: choose its origin port`);
    if (lane.destination === null) need(`lanes.${index}.destination`, `${rowLabel("Lane", index)}: choose its destination port`);
    if (lane.transit_days === null) need(`lanes.${index}.transit_days`, `${rowLabel("Lane", index)}: enter its typical transit days`);
  });
  if (answers.landed_costs.method === null) need("landed_costs.method", "Choose how landed costs are allocated");
  if (answers.landed_costs.cost_kinds.length === 0) need("landed_costs.cost_kinds", "Choose at least one cost kind to allocate");
  if (imported) {
    const types = new Set(answers.container_types.flatMap((type) => (type.code === null ? [] : [type.code.toUpperCase()])));
    const ports = new Set(answers.ports.flatMap((port) => (port.code === null ? [] : [normalizeLocode(port.code)])));
    const gone = [...imported.typeCodes.filter((code) => !types.has(code)), ...imported.portCodes.filter((code) => !ports.has(code))];
    if (gone.length > 0) need("open_containers", `Import the open containers again: they name ${[...new Set(gone)].join(", ")}, no longer listed`);
  }
  return missing;
}
