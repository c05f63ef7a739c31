import { render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "./table.tsx";

function People({ names, stacked }: { names: string[]; stacked?: boolean }) {
  return (
    <Table stacked={stacked}>
      <TableHeader>
        <TableRow>
          <TableHead>Name</TableHead>
          <TableHead>Email</TableHead>
          <TableHead>
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {names.map((name) => (
          <TableRow key={name}>
            <TableCell>{name}</TableCell>
            <TableCell>{`${name}@example.test`}</TableCell>
            <TableCell>
              <button type="button">Remove {name}</button>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

describe("Table", () => {
  it("labels each cell with its column heading, for the stacked cards of narrow screens", () => {
    render(<People names={["Ann"]} />);
    expect(screen.getByText("Ann").getAttribute("data-label")).toBe("Name");
    expect(screen.getByText("Ann@example.test").getAttribute("data-label")).toBe("Email");
    // A heading only screen readers hear gives no visible label.
    expect(screen.getByRole("button", { name: "Remove Ann" }).closest("td")?.hasAttribute("data-label")).toBe(false);
    expect(screen.getByRole("table").className).toContain("max-sm:block");
  });

  it("labels rows added later", async () => {
    const view = render(<People names={["Ann"]} />);
    view.rerender(<People names={["Ann", "Bob"]} />);
    await vi.waitFor(() => expect(screen.getByText("Bob").getAttribute("data-label")).toBe("Name"));
  });

  it("keeps the grid, scrolling sideways, when not stacked", () => {
    render(<People names={["Ann"]} stacked={false} />);
    expect(screen.getByText("Ann").hasAttribute("data-label")).toBe(false);
    expect(screen.getByRole("table").className).not.toContain("max-sm:block");
  });
});
