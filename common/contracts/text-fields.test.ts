import { describe, expect, it } from "vitest";
import { requireDataSource } from "../domain/data-sources.ts";
import { fullNameSchema } from "./account.ts";
import { createConnectionBodySchema } from "./data-connections.ts";
import { uploadQuerySchema } from "./data-migration.ts";
import { organizationNameSchema } from "./organizations.ts";
import { saveEstimateBodySchema } from "./pricing-estimates.ts";
import { hasInvisibleFormatCharacter, singleLineText } from "./text-fields.ts";

const FORMAT_CHARACTERS = [
  ...["202A", "202B", "202C", "202D", "202E"],
  ...["2066", "2067", "2068", "2069"],
  ...["200B", "200C", "200D", "2060", "FEFF"],
].map((hex) => String.fromCodePoint(Number.parseInt(hex, 16)));

describe("invisible formatting characters", () => {
  it("are every direction override, embedding and isolate, and every zero-width character", () => {
    for (const char of FORMAT_CHARACTERS) expect(hasInvisibleFormatCharacter(`Acme${char}Corp`), `U+${char.codePointAt(0)!.toString(16)}`).toBe(true);
  });

  it("leave names in any script, with accents, marks and emoji, alone", () => {
    for (const name of ["Zoë Brontë-Smith", "שרה כהן", "محمد علي", "山田 太郎", "Ānanda Ltd.", "O'Brien & Co — 🚀"]) {
      expect(hasInvisibleFormatCharacter(name), name).toBe(false);
    }
  });
});

describe("single-line text", () => {
  it("refuses invisible formatting characters with a message naming the field", () => {
    const schema = singleLineText("Team name", 100);
    for (const char of FORMAT_CHARACTERS) {
      const result = schema.safeParse(`Team${char}one`);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(
        "Team name cannot contain invisible formatting characters (text-direction overrides or zero-width characters)",
      );
    }
    expect(schema.parse("  Team one ")).toBe("Team one");
  });

  it("is the rule of organization, person, estimate, connection and file names, and of connection details", () => {
    const override = "\u202E";
    expect(organizationNameSchema.safeParse(`Acme${override}`).success).toBe(false);
    expect(fullNameSchema.safeParse(`Dana${override}`).success).toBe(false);
    expect(saveEstimateBodySchema.safeParse({ name: `Plan${override}`, edition_id: "SE", lines: [] }).error?.issues[0]?.path).toEqual(["name"]);
    expect(uploadQuerySchema.safeParse({ file_name: `invoice${override}vsc.exe` }).success).toBe(false);
    const connection = { data_source_id: "csv-files", name: `Warehouse${override}`, connection_config: {} };
    expect(createConnectionBodySchema.safeParse(connection).error?.issues[0]?.path).toEqual(["name"]);
    const sage = { company_name: "Acme", data_path: `\\\\server\\Sage${override}`, username: "dana", password: "secret" };
    expect(requireDataSource("sage-50").fields.safeParse(sage).error?.issues[0]?.path).toEqual(["data_path"]);
  });
});
