import { type ReactElement, type ReactNode, type Ref, Suspense, lazy } from "react";
import { Link } from "react-router";
import { truncateLabel } from "#common/domain/launch-plan";
import { cn } from "#web/lib/cn.ts";

// Only a page with a label over 60 characters (§9) downloads the tooltip.
const TruncatedCrumbTooltip = lazy(() => import("./truncated-crumb-tooltip.tsx"));

export interface Breadcrumb {
  label: string;
  /** Where the crumb leads; the last crumb (the page itself) has none. */
  to?: string;
}

export interface PageFrameProps {
  title: ReactNode;
  /** For a page that moves focus to its heading (tabIndex -1, no focus ring) or names it by id. */
  headingProps?: { id?: string; ref?: Ref<HTMLHeadingElement>; tabIndex?: number; className?: string };
  /** Beside the title, such as a status badge. */
  titleAside?: ReactNode;
  breadcrumbs?: readonly Breadcrumb[];
  description?: ReactNode;
  /** On the right of the title; wraps under it on narrow screens. */
  actions?: ReactNode;
  /** Forms read better narrow: the content keeps to the left, so every title still starts at the same x. */
  contentWidth?: "full" | "narrow";
  children?: ReactNode;
}

/**
 * The one layout of every page in the shell: the same width and left edge, breadcrumbs, the h1,
 * a description and actions, then the content.
 */
export function PageFrame({ title, headingProps, titleAside, breadcrumbs, description, actions, contentWidth = "full", children }: PageFrameProps) {
  const { className: headingClassName, ...heading } = headingProps ?? {};
  return (
    <div className="mx-auto w-full max-w-6xl min-w-0 space-y-6">
      <div className="space-y-2">
        {breadcrumbs?.length ? <Breadcrumbs items={breadcrumbs} /> : null}
        <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-3">
          <div className="min-w-0 flex-1 basis-64 space-y-1">
            <div className="flex flex-wrap items-center gap-3">
              <h1 {...heading} className={cn("min-w-0 text-2xl font-semibold break-words", headingClassName)}>
                {title}
              </h1>
              {titleAside}
            </div>
            {description ? <div className="max-w-3xl text-sm text-[var(--color-muted-foreground)]">{description}</div> : null}
          </div>
          {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
        </div>
      </div>
      <div className={cn("min-w-0 space-y-6", contentWidth === "narrow" && "max-w-3xl")}>{children}</div>
    </div>
  );
}

function Breadcrumbs({ items }: { items: readonly Breadcrumb[] }) {
  return (
    <nav aria-label="Breadcrumb">
      <ol className="flex flex-wrap items-center gap-1 text-sm text-[var(--color-muted-foreground)]">
        {items.map((item, index) => (
          <li key={`${item.label}-${index}`} className="flex min-w-0 items-center gap-1">
            {index > 0 ? <span aria-hidden="true">/</span> : null}
            <Crumb item={item} />
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** Labels over 60 characters are cut with an ellipsis and shown whole in a tooltip (spec §2, §9). */
function Crumb({ item }: { item: Breadcrumb }) {
  const { text, truncated } = truncateLabel(item.label);
  // The whole label stays what assistive technology reads; the tooltip shows it to sighted users.
  const content = truncated ? (
    <>
      <span aria-hidden="true">{text}</span>
      <span className="sr-only">{item.label}</span>
    </>
  ) : (
    text
  );
  const crumb: ReactElement = item.to ? (
    <Link to={item.to} className="underline-offset-4 hover:underline">
      {content}
    </Link>
  ) : (
    <span aria-current="page" tabIndex={truncated ? 0 : undefined}>
      {content}
    </span>
  );
  if (!truncated) return crumb;
  return (
    <Suspense fallback={crumb}>
      <TruncatedCrumbTooltip crumb={crumb} label={item.label} />
    </Suspense>
  );
}
