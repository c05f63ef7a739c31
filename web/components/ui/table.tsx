import { type ComponentProps, type RefObject, useEffect, useRef, useState } from "react";
import { cn } from "#web/lib/cn.ts";

/** Whether the element's content is wider than the element, kept up to date as either resizes. */
function useHorizontalOverflow(ref: RefObject<HTMLElement | null>): boolean {
  const [overflowing, setOverflowing] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === "undefined") return;
    const measure = () => setOverflowing(element.scrollWidth > element.clientWidth);
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    measure();
    return () => observer.disconnect();
  }, [ref]);
  return overflowing;
}

/** The text a sighted reader sees in a column heading: none for a heading that is only for screen readers. */
function visibleHeading(head: Element): string {
  const text = head.textContent?.trim() ?? "";
  const hidden = head.querySelector(".sr-only")?.textContent?.trim();
  return hidden === text ? "" : text;
}

/**
 * Gives every body cell its column's heading as `data-label`, kept up to date as rows come and go,
 * so that a stacked row reads "Email  ann@…" without every table repeating its headings.
 */
function useCellLabels(box: RefObject<HTMLElement | null>, enabled: boolean) {
  useEffect(() => {
    const table = box.current?.querySelector("table");
    if (!enabled || !table) return;
    const label = () => {
      const headings = [...table.querySelectorAll("thead tr:last-child > th")].flatMap((head) =>
        Array<string>((head as HTMLTableCellElement).colSpan || 1).fill(visibleHeading(head)),
      );
      for (const row of table.querySelectorAll("tbody > tr, tfoot > tr")) {
        let column = 0;
        for (const cell of row.children) {
          const span = (cell as HTMLTableCellElement).colSpan || 1;
          const heading = span === 1 ? headings[column] : undefined;
          if (heading) {
            if (cell.getAttribute("data-label") !== heading) cell.setAttribute("data-label", heading);
          } else cell.removeAttribute("data-label");
          column += span;
        }
      }
    };
    label();
    const observer = new MutationObserver(label);
    observer.observe(table, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, [box, enabled]);
}

// Below `sm` a row is a small card of "heading value" lines: no table needs sideways scrolling at 390 px.
const STACKED = cn(
  "max-sm:block max-sm:min-w-0 max-sm:table-auto",
  "max-sm:[&_thead]:hidden max-sm:[&_tbody]:block max-sm:[&_tbody]:space-y-3 max-sm:[&_tfoot]:block max-sm:[&_tfoot]:mt-3",
  "max-sm:[&_tr]:block max-sm:[&_tr]:rounded-md max-sm:[&_tr]:border max-sm:[&_tr]:border-[var(--color-border)] max-sm:[&_tr]:p-3 max-sm:[&_tr:last-child]:border",
  "max-sm:[&_td]:block max-sm:[&_td]:w-auto max-sm:[&_td]:px-0 max-sm:[&_td]:py-1 max-sm:[&_td]:text-left max-sm:[&_td]:break-words",
  "max-sm:[&_td[data-label]]:before:mr-2 max-sm:[&_td[data-label]]:before:font-medium max-sm:[&_td[data-label]]:before:text-[var(--color-muted-foreground)] max-sm:[&_td[data-label]]:before:content-[attr(data-label)]",
);

/**
 * A data table. Below `sm` its rows stack as cards (`stacked={false}` keeps the grid and scrolls
 * sideways instead); while it scrolls, the scrolling box is a tab stop, so keyboard users can
 * scroll tables without buttons. The box is `relative` so that visually hidden text in far cells
 * stays inside it rather than widening the page.
 */
export function Table({ className, stacked = true, ...props }: ComponentProps<"table"> & { stacked?: boolean }) {
  const box = useRef<HTMLDivElement>(null);
  const scrolls = useHorizontalOverflow(box);
  useCellLabels(box, stacked);
  return (
    <div ref={box} className="relative w-full overflow-x-auto" tabIndex={scrolls ? 0 : undefined}>
      <table className={cn("w-full caption-bottom border-collapse text-sm", stacked && STACKED, className)} {...props} />
    </div>
  );
}

export function TableCaption({ className, ...props }: ComponentProps<"caption">) {
  return <caption className={cn("mt-3 text-sm text-[var(--color-muted-foreground)]", className)} {...props} />;
}

export function TableHeader({ className, ...props }: ComponentProps<"thead">) {
  return <thead className={cn("[&_tr]:border-b [&_tr]:border-[var(--color-border)]", className)} {...props} />;
}

export function TableBody({ className, ...props }: ComponentProps<"tbody">) {
  return <tbody className={cn("[&_tr:last-child]:border-0", className)} {...props} />;
}

export function TableRow({ className, ...props }: ComponentProps<"tr">) {
  return <tr className={cn("border-b border-[var(--color-border)]", className)} {...props} />;
}

export function TableHead({ className, ...props }: ComponentProps<"th">) {
  return (
    <th
      scope="col"
      className={cn("h-10 whitespace-nowrap px-3 text-left align-middle font-medium text-[var(--color-muted-foreground)]", className)}
      {...props}
    />
  );
}

export function TableCell({ className, ...props }: ComponentProps<"td">) {
  return <td className={cn("px-3 py-2 align-middle", className)} {...props} />;
}
