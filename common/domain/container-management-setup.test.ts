import { describe, expect, it } from "vitest";
import { containerManagementAnswersSchema } from "../contracts/extension-workspace-answers.ts";
import {
  CONTAINER_PRESETS,
  type ContainerManagementAnswers,
  EMPTY_CONTAINER_MANAGEMENT_ANSWERS,
  findContainerSetupIssues,
  findMissingContainerAnswers,
  maxGrossKg,
} from "./container-management-setup.ts";
import { OPEN_CONTAINER_COLUMNS, openContainersTable } from "./open-containers-import.ts";

const [TWENTY, FORTY] = CONTAINER_PRESETS.map(({ label: _label, ...type }) => type);

const COMPLETE: ContainerManagementAnswers = {
  container_types: [TWENTY!, FORTY!],
  ports: [
    { code: "CNSHA", name: "Shanghai", country: "CN" },
    { code: "USLAX", name: "Los Angeles", country: "US" },
  ],
  lanes: [{ origin: "CNSHA", destination: "USLAX", transit_days: 18, carrier: null }],
  landed_costs: { method: "by_value", cost_kinds: ["freight", "duty"] },
};

describe("findContainerSetupIssues", () => {
  it("accepts distinct codes, ports in their own country and lanes between listed ports", () => {
    expect(findContainerSetupIssues(COMPLETE)).toEqual([]);
  });

  it("refuses a container type code used twice (any case) and a port listed twice", () => {
    const answers = {
      ...COMPLETE,
      container_types: [TWENTY!, { ...FORTY!, code: "20gp" }],
      ports: [...COMPLETE.ports, { code: "usl ax", name: "LA again", country: "US" }],
    };
    expect(findContainerSetupIssues(answers)).toEqual([
      { path: "container_types.1.code", message: "Code 20gp is already used by type 1" },
      { path: "ports.2.code", message: "Port USLAX is already listed as port 2" },
    ]);
  });

  it("wants a port's country to be its code's", () => {
    expect(findContainerSetupIssues({ ...COMPLETE, ports: [COMPLETE.ports[0]!, { code: "USLAX", name: "Los Angeles", country: "MX" }] })).toEqual([
      { path: "ports.1.country", message: "Must be US, the country of USLAX" },
    ]);
  });

  it("wants lanes between listed ports, and not from a port to itself", () => {
    const lanes = [
      { origin: "CNSHA", destination: "DEHAM", transit_days: 30, carrier: null },
      { origin: "USLAX", destination: "USLAX", transit_days: 1, carrier: null },
    ];
    expect(findContainerSetupIssues({ ...COMPLETE, lanes })).toEqual([
      { path: "lanes.0.destination", message: "Port DEHAM is not in the ports list" },
      { path: "lanes.1.destination", message: "Must be another port than the origin" },
    ]);
  });
});

describe("the draft schema", () => {
  it("checks each number, code and country at its path", () => {
    const result = containerManagementAnswersSchema.safeParse({
      container_types: [{ code: "40 HC", length_cm: 0, width_cm: 2.5, max_payload_kg: -1, tare_kg: 3750, volume_m3: 0 }],
      ports: [{ code: "USNY", country: "USA" }],
      lanes: [{ transit_days: 400 }],
      landed_costs: { method: "by_colour", cost_kinds: ["freight", "freight"] },
    });
    expect(result.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["container_types.0.code", "Code may hold letters, digits and hyphens only"],
      ["container_types.0.length_cm", "Length must be at least 1"],
      ["container_types.0.width_cm", "Width must be a whole number"],
      ["container_types.0.max_payload_kg", "Max payload must be at least 1"],
      ["container_types.0.volume_m3", "Volume must be more than 0"],
      ["ports.0.code", "Must be a UN/LOCODE: 2 letters of the country, then 3 letters or digits 2–9 (e.g. USNYC)"],
      ["ports.0.country", "Must be a two-letter country code such as US"],
      ["lanes.0.transit_days", "Transit days must be at most 365"],
      ["landed_costs.method", "Choose an allocation method from the list"],
      ["landed_costs.cost_kinds", "Choose each option once"],
    ]);
  });

  it("normalises codes and accepts an incomplete draft", () => {
    const parsed = containerManagementAnswersSchema.parse({ container_types: [{ code: "40hc", description: "" }], ports: [{ code: "us lax", country: "us" }] });
    expect(parsed.container_types[0]).toMatchObject({ code: "40HC", description: null, length_cm: null });
    expect(parsed.ports[0]).toEqual({ code: "USLAX", name: null, country: "US" });
    expect(parsed.lanes).toEqual([]);
  });
});

describe("findMissingContainerAnswers", () => {
  it("finds nothing missing in a complete set-up; the presets are whole types whose gross weight adds up", () => {
    expect(findMissingContainerAnswers(COMPLETE, null)).toEqual([]);
    expect(CONTAINER_PRESETS.map(maxGrossKg)).toEqual([30_480, 30_480, 30_480]);
  });

  it("lists what an empty set-up needs", () => {
    expect(findMissingContainerAnswers(EMPTY_CONTAINER_MANAGEMENT_ANSWERS, null).map((issue) => issue.path)).toEqual([
      "container_types",
      "ports",
      "lanes",
      "landed_costs.method",
      "landed_costs.cost_kinds",
    ]);
  });

  it("names the fields of a row left half-filled", () => {
    const answers = { ...COMPLETE, lanes: [{ origin: "CNSHA", destination: null, transit_days: null, carrier: null }] };
    expect(findMissingContainerAnswers(answers, null)).toEqual([
      { path: "lanes.0.destination", message: "Lane 1: choose its destination port" },
      { path: "lanes.0.transit_days", message: "Lane 1: enter its typical transit days" },
    ]);
  });

  it("asks for a new import when the lists no longer hold what the open containers name", () => {
    expect(findMissingContainerAnswers(COMPLETE, { typeCodes: ["20GP", "45R1"], portCodes: ["CNSHA", "NLRTM"] })).toEqual([
      { path: "open_containers", message: "Import the open containers again: they name 45R1, NLRTM, no longer listed" },
    ]);
  });
});

describe("openContainersTable", () => {
  const table = openContainersTable(["20GP", "40HC"], ["CNSHA", "USLAX"]);
  const cell = (name: string, value: string) => {
    const result = table.columns.find((column) => column.name === name)?.cell.safeParse(value);
    return result?.success ? result.data : result?.error.issues[0]?.message;
  };

  it("has the columns the page lists, keyed by container number", () => {
    expect(table.columns.map((column) => column.name)).toEqual([...OPEN_CONTAINER_COLUMNS]);
    expect(table.key).toBe("container_number");
  });

  it("checks each cell and stages its clean value", () => {
    expect(cell("container_number", "csqu 305438-3")).toBe("CSQU3054383");
    expect(cell("container_number", "CSQU3054384")).toBe("The check digit does not match: CSQU305438 ends in 3");
    expect(cell("type_code", "40hc")).toBe("40HC");
    expect(cell("type_code", "45R1")).toBe("45R1 is not in your container types");
    expect(cell("origin_port", "cn sha")).toBe("CNSHA");
    expect(cell("destination_port", "DEHAM")).toBe("DEHAM is not in your ports list");
    expect(cell("destination_port", "DEHA")).toMatch(/^Must be a UN\/LOCODE/);
    expect(cell("status", "in transit")).toBe("In transit");
    expect(cell("etd", "2026-02-30")).toBe("Must be a date written YYYY-MM-DD");
  });

  it("wants the ETA on or after the ETD, and two different ports", () => {
    const [eta, ports] = table.rowRules;
    expect(eta?.check({ etd: "2026-03-10", eta: "2026-03-09" })).toBe("Must be on or after the ETD (2026-03-10)");
    expect(eta?.check({ etd: "2026-03-10", eta: "2026-03-10" })).toBeNull();
    expect(ports?.check({ origin_port: "USLAX", destination_port: "USLAX" })).toBe("Must be another port than the origin");
  });
});
