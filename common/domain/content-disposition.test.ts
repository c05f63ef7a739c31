import { describe, expect, it } from "vitest";
import { readDispositionFileName } from "./content-disposition.ts";

describe("readDispositionFileName", () => {
  it("reads the quoted name the portal's exports send", () => {
    expect(readDispositionFileName('attachment; filename="action-log-acme-2030-01-05.csv"')).toBe("action-log-acme-2030-01-05.csv");
  });

  it("prefers the UTF-8 name to its ASCII stand-in", () => {
    expect(readDispositionFileName(`attachment; filename="Re_sume_.pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9.pdf`)).toBe("Résumé.pdf");
  });

  it("reads a bare token and an escaped quote", () => {
    expect(readDispositionFileName("attachment; filename=catalog.csv")).toBe("catalog.csv");
    expect(readDispositionFileName('attachment; filename="say \\"hi\\".txt"')).toBe('say "hi".txt');
  });

  it("falls back to the plain name when the UTF-8 one does not decode", () => {
    expect(readDispositionFileName(`attachment; filename="plain.csv"; filename*=UTF-8''%E0%A4%A.csv`)).toBe("plain.csv");
  });

  it("keeps only the last path segment and answers null when no name is given", () => {
    expect(readDispositionFileName('attachment; filename="../../etc/passwd"')).toBe("passwd");
    expect(readDispositionFileName('attachment; filename=".."')).toBeNull();
    expect(readDispositionFileName("attachment")).toBeNull();
    expect(readDispositionFileName(null)).toBeNull();
  });
});
