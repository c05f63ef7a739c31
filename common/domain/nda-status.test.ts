import { describe, expect, it } from "vitest";
import { NDA_STATUSES, isNdaSigned, readNdaStatus } from "./nda-status.ts";

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

describe("readNdaStatus", () => {
  it("reads every known status and nothing else", () => {
    for (const status of NDA_STATUSES) expect(readNdaStatus(status)).toBe(status);
    for (const unknown of ["signed", "SIGNED-BY-ALL", "", null, undefined, 3]) expect(readNdaStatus(unknown)).toBeNull();
  });
});
