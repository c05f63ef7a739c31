import { describe, expect, it } from "vitest";
import { readBusinessAspects } from "./business-aspects.ts";

describe("readBusinessAspects", () => {
  it("reads a plain list and a list under aspects", () => {
    expect(readBusinessAspects(["eCommerce", " Manufacturing "])).toEqual(["eCommerce", "Manufacturing"]);
    expect(readBusinessAspects({ aspects: ["Distribution"] })).toEqual(["Distribution"]);
  });

  it("reads JSON text", () => {
    expect(readBusinessAspects('["eCommerce"]')).toEqual(["eCommerce"]);
    expect(readBusinessAspects('{"aspects":["eCommerce"]}')).toEqual(["eCommerce"]);
  });

  it("drops entries that are not text or are blank", () => {
    expect(readBusinessAspects(["eCommerce", 3, null, "  ", { name: "x" }])).toEqual(["eCommerce"]);
  });

  it.each([[null], [undefined], [42], ["not json"], [{ other: ["eCommerce"] }], [{ aspects: "eCommerce" }]])(
    "reads %j as no aspects",
    (value) => {
      expect(readBusinessAspects(value)).toEqual([]);
    },
  );
});
