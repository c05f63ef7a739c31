import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { FormField, fieldErrorProps } from "./form-field.tsx";
import { Input } from "./input.tsx";

describe("Input", () => {
  it("shows an example as an e.g. hint, in the muted colour, never as a value", () => {
    render(<Input aria-label="Industry" example="Wholesale distribution" />);
    const input = screen.getByLabelText("Industry") as HTMLInputElement;
    expect(input.placeholder).toBe("e.g. Wholesale distribution");
    expect(input.value).toBe("");
    expect(input.className).toContain("placeholder:text-[var(--color-muted-foreground)]");
  });

  it("passes a prompt through and shows nothing without one", () => {
    render(
      <>
        <Input aria-label="Search" type="search" placeholder="Organization or file name" />
        <Input aria-label="Name" />
      </>,
    );
    expect((screen.getByLabelText("Search") as HTMLInputElement).placeholder).toBe("Organization or file name");
    expect((screen.getByLabelText("Name") as HTMLInputElement).hasAttribute("placeholder")).toBe(false);
  });
});

describe("FormField", () => {
  it("shows a hint under the label that the input is described by", () => {
    render(
      <FormField id="estimate-name" label="Estimate name (optional)" hint="Left empty, it is named “Core estimate”.">
        <Input {...fieldErrorProps("estimate-name", undefined, "estimate-name-hint")} />
      </FormField>,
    );
    expect(screen.getByLabelText("Estimate name (optional)").getAttribute("aria-describedby")).toBe("estimate-name-hint");
    expect(screen.getByText("Left empty, it is named “Core estimate”.").id).toBe("estimate-name-hint");
  });
});
