import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { Combobox, matchComboboxLabel } from "./combobox.tsx";
import { FormField, fieldErrorProps } from "./form-field.tsx";

const OPTIONS = [
  { value: "AUD", label: "AUD — Australian Dollar" },
  { value: "EUR", label: "EUR — Euro" },
  { value: "GBP", label: "GBP — British Pound" },
  { value: "USD", label: "USD — US Dollar" },
];

function CurrencyField({ initial = "", error }: { initial?: string; error?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <FormField id="currency" label="Base currency" error={error}>
      <Combobox
        value={value}
        onValueChange={setValue}
        options={OPTIONS}
        searchLabel="Search currencies"
        emptyText="No currency matches."
        {...fieldErrorProps("currency", error)}
      />
    </FormField>
  );
}

describe("Combobox", () => {
  it("is a combobox named by its label, showing the choice or a prompt", () => {
    render(<CurrencyField />);
    const trigger = screen.getByRole("combobox", { name: "Base currency" });
    expect(trigger.textContent).toBe("Choose…");
    expect(trigger.getAttribute("aria-expanded")).toBe("false");
  });

  it("finds an option by its code or a word of its name, chooses it and gives focus back", async () => {
    render(<CurrencyField />);
    const user = userEvent.setup();
    const trigger = screen.getByRole("combobox", { name: "Base currency" });
    await user.click(trigger);
    const search = await screen.findByRole("combobox", { name: "Search currencies" });
    expect(document.activeElement).toBe(search);
    await user.type(search, "euro");
    expect(screen.getAllByRole("option").map((option) => option.textContent)).toEqual(["EUR — Euro"]);
    await user.clear(search);
    await user.type(search, "dollar");
    expect(screen.getAllByRole("option").map((option) => option.textContent)).toEqual(["AUD — Australian Dollar", "USD — US Dollar"]);
    await user.clear(search);
    await user.type(search, "eur");
    await user.keyboard("{Enter}");
    expect(trigger.textContent).toBe("EUR — Euro");
    expect(screen.queryByRole("listbox")).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it("says when nothing matches, and Escape keeps the choice", async () => {
    render(<CurrencyField initial="GBP" />);
    const user = userEvent.setup();
    const trigger = screen.getByRole("combobox", { name: "Base currency" });
    trigger.focus();
    await user.keyboard("{ArrowDown}");
    const search = await screen.findByRole("combobox", { name: "Search currencies" });
    // The list opens on the current choice.
    expect(screen.getByRole("option", { name: "GBP — British Pound" }).getAttribute("aria-selected")).toBe("true");
    await user.type(search, "dollars");
    expect(screen.getByText("No currency matches.")).toBeDefined();
    await user.keyboard("{Escape}");
    expect(trigger.textContent).toBe("GBP — British Pound");
    expect(document.activeElement).toBe(trigger);
  });

  it("carries the field's error like an input", () => {
    render(<CurrencyField error="Choose the base currency from the list" />);
    const trigger = screen.getByRole("combobox", { name: "Base currency" });
    expect(trigger.getAttribute("aria-invalid")).toBe("true");
    expect(trigger.getAttribute("aria-describedby")).toBe("currency-error");
  });

  it("ranks a label's start before a word's start before anywhere", () => {
    expect(matchComboboxLabel("EUR", "eur", ["EUR — Euro"])).toBe(1);
    expect(matchComboboxLabel("USD", "dollar", ["USD — US Dollar"])).toBe(0.8);
    expect(matchComboboxLabel("USD", "olla", ["USD — US Dollar"])).toBe(0.5);
    expect(matchComboboxLabel("USD", "yen", ["USD — US Dollar"])).toBe(0);
  });
});
