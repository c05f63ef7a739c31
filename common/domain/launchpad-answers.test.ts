import { describe, expect, it } from "vitest";
import { PERIOD_TYPES, PERIOD_TYPE_LABELS, fiscalYearStartOf } from "./financial-calendar.ts";
import { LAUNCHPAD_ANSWERED_QUESTIONS, answeredElsewhereMessage, deriveLaunchpadAnswers, findAnsweringPage } from "./launchpad-answers.ts";

const FINANCIAL = { fiscal_year_start_month: 7, period_type: "4-4-5", base_currency: "EUR", entities: [{ name: "Acme" }] };

function derive(financialSetup: unknown, timelinePlanning: unknown = null, today = "2030-05-20") {
  return Object.fromEntries(deriveLaunchpadAnswers({ financialSetup, timelinePlanning, today }).map((answer) => [answer.questionKey, answer.value]));
}

describe("fiscalYearStartOf", () => {
  it.each([
    [7, "2031-03-15", "2030-07-01"],
    [7, "2031-07-01", "2031-07-01"],
    [7, "2031-06-30", "2030-07-01"],
    [1, "2031-01-01", "2031-01-01"],
    [1, "2031-12-31", "2031-01-01"],
    [12, "2031-11-30", "2030-12-01"],
    [12, "2031-12-01", "2031-12-01"],
  ])("a year starting in month %i holds %s from %s", (month, day, start) => {
    expect(fiscalYearStartOf(month, day)).toBe(start);
  });
});

describe("deriveLaunchpadAnswers", () => {
  it("answers the currency, the fiscal year of the go-live date, the period pattern and the go-live date", () => {
    expect(derive(FINANCIAL, { go_live_date: "2031-03-15", key_dates: [] })).toEqual({
      "fin-number-of-companies": 1,
      "fin-base-currency": "EUR",
      "fin-fiscal-year-start": "2030-07-01",
      "fin-period-pattern": "4-4-5 weeks per quarter",
      "gen-target-go-live-date": "2031-03-15",
    });
  });

  it("takes the current fiscal year until a go-live date is saved", () => {
    expect(derive(FINANCIAL, null, "2030-05-20")["fin-fiscal-year-start"]).toBe("2029-07-01");
    expect(derive(FINANCIAL, { go_live_date: "2031-02-30" }, "2030-08-02")["fin-fiscal-year-start"]).toBe("2030-07-01");
  });

  it("answers nothing the pages do not hold, or hold in a shape they never save", () => {
    const none = { "fin-number-of-companies": null, "fin-base-currency": null, "fin-fiscal-year-start": null, "fin-period-pattern": null, "gen-target-go-live-date": null };
    expect(derive(null, null)).toEqual(none);
    expect(derive({}, {})).toEqual(none);
    expect(derive("text", [1])).toEqual(none);
    expect(derive({ base_currency: "eur", fiscal_year_start_month: 13, period_type: "weekly" }, { go_live_date: 20310315 })).toEqual(none);
    expect(derive({ fiscal_year_start_month: 0 })["fin-fiscal-year-start"]).toBeNull();
    expect(derive({ entities: [] })["fin-number-of-companies"]).toBeNull();
    expect(derive({ entities: { name: "Acme" } })["fin-number-of-companies"]).toBeNull();
    expect(derive({ entities: [{ name: "Acme US" }, { name: "Acme Canada" }] })["fin-number-of-companies"]).toBe(2);
    expect(derive({ fiscal_year_start_month: 6.5 })["fin-fiscal-year-start"]).toBeNull();
    expect(derive({ fiscal_year_start_month: "7" })["fin-fiscal-year-start"]).toBeNull();
  });

  it("words every period type as the questionnaire's options do", () => {
    for (const type of PERIOD_TYPES) expect(derive({ period_type: type })["fin-period-pattern"]).toBe(PERIOD_TYPE_LABELS[type]);
  });
});

describe("findAnsweringPage", () => {
  it("names the page of each question the launchpad answers, and none for the rest", () => {
    for (const [key, page] of Object.entries(LAUNCHPAD_ANSWERED_QUESTIONS)) expect(findAnsweringPage(key)).toBe(page);
    expect(findAnsweringPage("fin-branches")).toBeNull();
    expect(findAnsweringPage("constructor")).toBeNull();
    expect(findAnsweringPage("__proto__")).toBeNull();
  });

  it("says where to change the answer", () => {
    expect(answeredElsewhereMessage("Financial Setup")).toBe("This answer comes from Financial Setup. Change it there.");
  });
});
