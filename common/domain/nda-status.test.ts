import { describe, expect, it } from "vitest";
import { NDA_STATUSES, ndaStatusSchema, isNdaSigned } from "./nda-status.ts";

describe("isNdaSigned", () => {
  it.each(["signed-by-prospect", "signed-by-all"])("counts %j as signed", (status) => {
    expect(isNdaSigned(status)).toBe(true);
  });

  it.each(["draft", "pending", "", "signed", "SIGNED-BY-ALL", " signed-by-all", "signed-by-provider"])(
    "counts %j as not signed",
    (status) => {
      expect(isNdaSigned(status)).toBe(false);
    },
  );

  it("counts a missing status as not signed", () => {
    expect(isNdaSigned(null)).toBe(false);
    expect(isNdaSigned(undefined)).toBe(false);
  });
});

describe("ndaStatusSchema", () => {
  it("accepts every known status and nothing else", () => {
    for (const status of NDA_STATUSES) expect(ndaStatusSchema.parse(status)).toBe(status);
    expect(ndaStatusSchema.safeParse("signed").success).toBe(false);
  });
});
