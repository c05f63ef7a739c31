import { render, screen, waitFor, within } from "@testing-library/react";
import { createRef } from "react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { PageFrame } from "./page-frame.tsx";

function show(ui: React.ReactNode) {
  return render(<MemoryRouter>{ui}</MemoryRouter>);
}

describe("PageFrame", () => {
  it("gives every page the same outer width, with the title as the only h1", () => {
    const { container } = show(<PageFrame title="Team">body</PageFrame>);
    expect(screen.getByRole("heading", { level: 1, name: "Team" })).toBeDefined();
    expect(container.firstElementChild?.className).toContain("max-w-6xl");
    expect(container.firstElementChild?.className).toContain("mx-auto");
    expect(screen.queryByRole("navigation", { name: "Breadcrumb" })).toBeNull();
  });

  it("shows breadcrumbs, the description, actions and the content", () => {
    show(
      <PageFrame
        title="Edit data connection"
        breadcrumbs={[{ label: "Data Setup", to: "/data-connection" }, { label: "Edit" }]}
        description="Change the details."
        actions={<button type="button">Save</button>}
      >
        <p>content</p>
      </PageFrame>,
    );
    const crumbs = screen.getByRole("navigation", { name: "Breadcrumb" });
    expect(within(crumbs).getByRole("link", { name: "Data Setup" }).getAttribute("href")).toBe("/data-connection");
    expect(within(crumbs).getByText("Edit").getAttribute("aria-current")).toBe("page");
    expect(screen.getByText("Change the details.")).toBeDefined();
    expect(screen.getByRole("button", { name: "Save" })).toBeDefined();
    expect(screen.getByText("content")).toBeDefined();
  });

  it("keeps narrow content left-aligned inside the frame", () => {
    show(
      <PageFrame title="My Company" contentWidth="narrow">
        <p>form</p>
      </PageFrame>,
    );
    const content = screen.getByText("form").parentElement;
    expect(content?.className).toContain("max-w-3xl");
    expect(content?.className).not.toContain("mx-auto");
  });

  it("passes the heading's id, ref and tabIndex through, for pages that focus it", () => {
    const ref = createRef<HTMLHeadingElement>();
    show(<PageFrame title="Add a data connection" headingProps={{ id: "t", ref, tabIndex: -1, className: "focus:outline-none" }} />);
    const heading = screen.getByRole("heading", { level: 1 });
    expect(ref.current).toBe(heading);
    expect(heading.id).toBe("t");
    expect(heading.tabIndex).toBe(-1);
    expect(heading.className).toContain("focus:outline-none");
  });

  it("cuts breadcrumb labels over 60 characters with an ellipsis and shows them whole in a tooltip", async () => {
    const long = "Order to cash and procure to pay: walking a real order through every single step";
    show(<PageFrame title="Topic" breadcrumbs={[{ label: "Launch Plan", to: "/system-refinement" }, { label: long, to: "/course/1" }, { label: "Topic" }]} />);
    const trail = screen.getByRole("navigation", { name: "Breadcrumb" });
    expect(within(trail).getByRole("link", { name: long }).querySelector("[aria-hidden='true']")?.textContent).toBe(`${long.slice(0, 59).trimEnd()}…`);
    expect(within(trail).getByRole("link", { name: "Launch Plan" }).textContent).toBe("Launch Plan");
    // The tooltip loads on demand; once it has, focusing the crumb opens it.
    await waitFor(() => expect(within(trail).getByRole("link", { name: long }).getAttribute("data-state")).toBe("closed"));
    within(trail).getByRole("link", { name: long }).focus();
    expect(await screen.findByRole("tooltip")).toHaveProperty("textContent", long);
  });
});
