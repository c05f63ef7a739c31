import { describe, expect, it } from "vitest";
import {
  checkName,
  checkQuantity,
  createDraftFromEstimate,
  describeCalculator,
  placeServerIssues,
  signDraft,
  totalOfLines,
} from "./calculator-model.ts";
import { CATALOG_ROWS, ESTIMATE_IDS, estimateWith, lineOf } from "./pricing-test-kit.tsx";

describe("checkQuantity", () => {
  it("takes whole numbers from 1 to 9,999, spaces around them allowed", () => {
    expect(checkQuantity("1")).toEqual({ quantity: 1 });
    expect(checkQuantity(" 9999 ")).toEqual({ quantity: 9999 });
    expect(checkQuantity("007")).toEqual({ quantity: 7 });
  });

  it("answers the contract's messages for everything else", () => {
    expect(checkQuantity("0")).toEqual({ error: "Quantity must be at least 1" });
    expect(checkQuantity("-3")).toEqual({ error: "Quantity must be at least 1" });
    expect(checkQuantity("10000")).toEqual({ error: "Quantity must be at most 9,999" });
    for (const text of ["", "1.5", "1e3", "0x10", "two", "1,000"]) {
      expect(checkQuantity(text)).toEqual({ error: "Quantity must be a whole number" });
    }
  });
});

describe("checkName", () => {
  it("accepts no name and refuses what the contract refuses", () => {
    expect(checkName("   ")).toBeUndefined();
    expect(checkName("Year one")).toBeUndefined();
    expect(checkName("x".repeat(101))).toBe("Name must be at most 100 characters");
    expect(checkName("Tab\there")).toBe("Name cannot contain control characters");
  });
});

describe("an estimate in the calculator", () => {
  const estimate = estimateWith([lineOf("FE", "FE-BASE"), lineOf("FE", "FE-GL"), lineOf("FE", "FE-TE", 3)], { id: ESTIMATE_IDS.first, name: "Plan" });

  it("keeps only the chosen add-ons (the base and core rows come with the edition)", () => {
    const draft = createDraftFromEstimate(estimate);
    expect(draft.editionId).toBe("FE");
    expect([...draft.picks.entries()]).toEqual([["FE-TE", { selected: true, quantity: "3" }]]);
    expect(describeCalculator(draft, CATALOG_ROWS).body).toEqual({ name: "Plan", edition_id: "FE", lines: [{ inventory_id: "FE-TE", quantity: 3 }] });
  });

  it("has nothing to save when only picks hidden by the edition or spaces differ", () => {
    const draft = createDraftFromEstimate(estimate);
    const picks = new Map(draft.picks);
    picks.set("EE-MFG", { selected: true, quantity: "2" });
    picks.set("FE-TE", { selected: true, quantity: " 3 " });
    expect(signDraft({ ...draft, name: "Plan ", picks }, CATALOG_ROWS)).toBe(signDraft(draft, CATALOG_ROWS));
    expect(signDraft({ ...draft, editionId: "EE", picks }, CATALOG_ROWS)).not.toBe(signDraft(draft, CATALOG_ROWS));
  });
});

describe("placeServerIssues", () => {
  it("puts line issues on the line that was sent at that index, and keeps the rest for the form", () => {
    const placed = placeServerIssues(
      [
        { path: "lines.1.quantity", message: "Too many" },
        { path: "lines.7.inventory_id", message: "No such line" },
        { path: "lines", message: "Each add-on can be chosen once" },
        { path: "edition_id", message: "Choose an edition" },
      ],
      [{ inventory_id: "FE-PA" }, { inventory_id: "FE-TE" }],
    );
    expect([...placed.lines.entries()]).toEqual([["FE-TE", { field: "quantity", message: "Too many" }]]);
    expect(placed.edition).toBe("Choose an edition");
    expect(placed.other).toEqual(["No such line", "Each add-on can be chosen once"]);
  });
});

describe("totalOfLines", () => {
  it("adds the edition's included rows to each offered line's price × quantity", () => {
    expect(totalOfLines(CATALOG_ROWS, "EE", [{ inventory_id: "EE-MFG", quantity: 1 }, { inventory_id: "ADD-USERS-10", quantity: 2 }])).toBe(
      480_000 + 149_900 + 90_000,
    );
  });
});
