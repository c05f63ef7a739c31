import { render, screen, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import DefaultMarkdownView, { MarkdownView } from "./markdown-view.tsx";

// Under the basename the portal is also served from, so a portal path shows it gains the prefix.
function show(markdown: string, className?: string) {
  const router = createMemoryRouter([{ path: "*", element: <MarkdownView markdown={markdown} className={className} /> }], {
    basename: "/MemberPortal",
    initialEntries: ["/MemberPortal/launch-plan"],
  });
  return render(<RouterProvider router={router} />);
}

describe("MarkdownView", () => {
  it("is also the module's default export, for React.lazy", () => {
    expect(DefaultMarkdownView).toBe(MarkdownView);
  });

  it("draws paragraphs, emphasis, lists and quotes, with the caller's class on the wrapper", () => {
    const { container } = show(
      ["Some **bold** and *soft* words.", "", "- one", "- two", "", "1. first", "2. second", "", "> quoted"].join("\n"),
      "max-w-3xl",
    );
    expect(container.firstElementChild?.className).toContain("max-w-3xl");
    expect(screen.getByText("bold").tagName).toBe("STRONG");
    expect(screen.getByText("soft").tagName).toBe("EM");
    const [bullets, numbers] = screen.getAllByRole("list") as [HTMLElement, HTMLElement];
    expect(bullets.tagName).toBe("UL");
    expect(bullets.className).toContain("list-disc");
    expect(within(bullets).getAllByRole("listitem").map((item) => item.textContent)).toEqual(["one", "two"]);
    expect(numbers.tagName).toBe("OL");
    expect(numbers.className).toContain("list-decimal");
    expect(screen.getByText("quoted").closest("blockquote")?.className).toContain("border-l-4");
  });

  it("moves every heading one level down, so the page's h1 stays the only one", () => {
    show(["# One", "## Two", "### Three", "#### Four", "##### Five", "###### Six"].join("\n\n"));
    expect(screen.queryByRole("heading", { level: 1 })).toBeNull();
    expect(screen.getByRole("heading", { level: 2, name: "One" })).toBeDefined();
    expect(screen.getByRole("heading", { level: 3, name: "Two" })).toBeDefined();
    expect(screen.getByRole("heading", { level: 4, name: "Three" })).toBeDefined();
    expect(screen.getByRole("heading", { level: 5, name: "Four" })).toBeDefined();
    expect(screen.getByRole("heading", { level: 6, name: "Five" })).toBeDefined();
    expect(screen.getByRole("heading", { level: 6, name: "Six" })).toBeDefined();
  });

  it("draws GFM tables inside their own scrolling wrapper", () => {
    show(["| Module | Price |", "| --- | ---: |", "| Finance | 120 |"].join("\n"));
    const table = screen.getByRole("table");
    expect(table.parentElement?.className).toContain("overflow-x-auto");
    expect(table.parentElement?.tabIndex).toBe(0);
    expect(screen.getByRole("columnheader", { name: "Module" })).toBeDefined();
    expect(screen.getByRole("cell", { name: "Finance" })).toBeDefined();
    expect(screen.getByRole("cell", { name: "120" }).style.textAlign).toBe("right");
  });

  it("draws task lists with disabled checkboxes and strikethrough", () => {
    show(["- [x] Sign the order", "- [ ] Invite the team", "", "~~old price~~"].join("\n"));
    const boxes = screen.getAllByRole("checkbox", { name: "Task" }) as HTMLInputElement[];
    expect(boxes.map((box) => [box.checked, box.disabled])).toEqual([
      [true, true],
      [false, true],
    ]);
    expect(screen.getByRole("list").className).toContain("list-none");
    expect(screen.getByText("old price").tagName).toBe("DEL");
  });

  it("keeps code blocks scrolling inside themselves, and inline code inline", () => {
    const { container } = show(["Run `npm start` first.", "", "```sh", "npm run portal -- import --file curriculum/default.yaml", "```"].join("\n"));
    expect(screen.getByText("npm start").tagName).toBe("CODE");
    expect(screen.getByText("npm start").closest("pre")).toBeNull();
    const pre = container.querySelector("pre");
    expect(pre?.className).toContain("overflow-x-auto");
    expect(pre?.className).toContain("max-w-full");
    expect(pre?.tabIndex).toBe(0);
    expect(pre?.querySelector("code")?.textContent).toContain("curriculum/default.yaml");
  });

  it("never renders raw HTML from the Markdown", () => {
    const { container } = show(
      [
        "<script>window.hacked = true</script>",
        "",
        'Hello <img src="x" onerror="window.hacked = true"> there',
        "",
        '<iframe src="https://evil.example"></iframe>',
        "",
        '<a href="https://evil.example" onclick="steal()">raw link</a>',
      ].join("\n"),
    );
    expect(container.querySelector("script, img, iframe, [onerror], [onclick]")).toBeNull();
    expect(screen.queryByRole("link")).toBeNull();
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
  });

  it("opens web links in a new tab without handing over the opener", () => {
    show("[Docs](https://example.com/docs) and [plain](http://example.com) and [relative](//example.com/x)");
    for (const name of ["Docs", "plain", "relative"]) {
      const link = screen.getByRole("link", { name });
      expect(link.getAttribute("target")).toBe("_blank");
      expect(link.getAttribute("rel")).toBe("noopener noreferrer");
    }
    expect(screen.getByRole("link", { name: "Docs" }).getAttribute("href")).toBe("https://example.com/docs");
  });

  it("keeps mail links and portal paths in the same tab, portal paths under the base path", () => {
    show("[Write to us](mailto:help@example.com) or open [Data Setup](/data-connection) or [below](#prices)");
    const mail = screen.getByRole("link", { name: "Write to us" });
    expect(mail.getAttribute("href")).toBe("mailto:help@example.com");
    expect(mail.getAttribute("target")).toBeNull();
    const portal = screen.getByRole("link", { name: "Data Setup" });
    expect(portal.getAttribute("href")).toBe("/MemberPortal/data-connection");
    expect(portal.getAttribute("target")).toBeNull();
    expect(screen.getByRole("link", { name: "below" }).getAttribute("href")).toBe("#prices");
  });

  it("neutralises javascript:, data: and other unsafe link targets, keeping the words", () => {
    const { container } = show(
      [
        "[one](javascript:alert(1))",
        "[two](JaVaScRiPt:alert(1))",
        "[three](data:text/html;base64,PHNjcmlwdD4=)",
        "[four](vbscript:msgbox)",
        "[five](irc://irc.example.com/chan)",
        "<javascript:alert(1)>",
      ].join(" "),
    );
    expect(screen.queryByRole("link")).toBeNull();
    for (const words of ["one", "two", "three", "four", "five"]) expect(screen.getByText(words).tagName).toBe("SPAN");
    // The autolink keeps its words too, which are the URL, but as text only.
    expect(screen.getByText("javascript:alert(1)").tagName).toBe("SPAN");
    expect(container.querySelector("[href], [src]")).toBeNull();
  });

  it("shows https images lazily and within the width, with their alt text", () => {
    show("![The launch plan](https://cdn.example.com/plan.png)");
    const image = screen.getByRole("img", { name: "The launch plan" });
    expect(image.getAttribute("src")).toBe("https://cdn.example.com/plan.png");
    expect(image.getAttribute("loading")).toBe("lazy");
    expect(image.className).toContain("max-w-full");
  });

  it("loads no image that is not https, leaving its alt text", () => {
    const { container } = show(
      ["![plain http](http://example.com/a.png)", "![a script](javascript:alert(1))", "![relative](/logo.png)", "![](data:image/png;base64,AAAA)"].join(
        "\n\n",
      ),
    );
    expect(container.querySelector("img")).toBeNull();
    expect(screen.getByText("plain http")).toBeDefined();
    expect(screen.getByText("a script")).toBeDefined();
    expect(screen.getByText("relative")).toBeDefined();
  });

  it("draws colours from the theme tokens, so dark mode follows", () => {
    const { container } = show(["> quote", "", "`code`", "", "[link](https://example.com)", "", "| a |", "| - |", "| b |"].join("\n"));
    const classes = Array.from(container.querySelectorAll("[class]"), (element) => element.getAttribute("class") ?? "").join(" ");
    expect(classes).toContain("bg-[var(--color-muted)]");
    expect(classes).toContain("border-[var(--color-border)]");
    expect(classes).toContain("text-[var(--color-primary)]");
    // No fixed palette colour (text-gray-700, bg-white, border-slate-200, …).
    expect(classes).not.toMatch(/(?:^|\s)(?:[a-z-]+:)*(?:text|bg|border)-(?:white|black|[a-z]+-\d{2,3})\b/);
  });
});
