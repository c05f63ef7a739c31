import type { ComponentProps, JSX } from "react";
import Markdown, { defaultUrlTransform, type Components, type ExtraProps } from "react-markdown";
import { Link } from "react-router";
import remarkGfm from "remark-gfm";
import { cn } from "#web/lib/cn.ts";

export interface MarkdownViewProps {
  markdown: string;
  className?: string;
}

/**
 * Markdown from the curriculum and the launch plan, drawn in the app's typography. Raw HTML is
 * never rendered (react-markdown shows it as text; there is no rehype-raw), links and images
 * keep to safe URLs, and the Markdown's headings start at h2 so the page's own h1 stays the only
 * one. Lazy-load it: react-markdown is too heavy for a page's first load.
 */
export function MarkdownView({ markdown, className }: MarkdownViewProps) {
  return (
    <div className={cn("min-w-0 text-sm leading-6 break-words [&>:first-child]:mt-0 [&>:last-child]:mb-0", className)}>
      <Markdown remarkPlugins={REMARK_PLUGINS} components={COMPONENTS} urlTransform={transformUrl}>
        {markdown}
      </Markdown>
    </div>
  );
}

export default MarkdownView;

const REMARK_PLUGINS = [remarkGfm];

// A colon before any `/`, `?` or `#` names a protocol; without one the URL is relative.
const HAS_PROTOCOL = /^[^/?#]*:/;
const SAFE_PROTOCOL = /^(https?|mailto):/i;
const EXTERNAL_WEB = /^(https?:)?\/\//i;

/**
 * react-markdown's own transform already empties `javascript:`, `data:` and the like; this one
 * keeps to the web and mail, so IRC and XMPP links go too.
 */
function transformUrl(url: string): string {
  const safe = defaultUrlTransform(url);
  return HAS_PROTOCOL.test(safe) && !SAFE_PROTOCOL.test(safe) ? "" : safe;
}

type Props<Tag extends keyof JSX.IntrinsicElements> = ComponentProps<Tag> & ExtraProps;

const LINK_CLASS = "font-medium text-[var(--color-primary)] underline underline-offset-4 hover:no-underline";

function MarkdownLink({ node: _node, href, className, children, ...props }: Props<"a">) {
  // An unsafe URL arrives emptied: the words stay, the link goes.
  if (!href) return <span>{children}</span>;
  const linkClass = cn(LINK_CLASS, className);
  if (EXTERNAL_WEB.test(href)) {
    return (
      <a {...props} href={href} className={linkClass} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    );
  }
  // A path inside the portal goes through the router, which adds the base path (/MemberPortal).
  if (href.startsWith("/")) {
    return (
      <Link {...props} to={href} className={linkClass}>
        {children}
      </Link>
    );
  }
  return (
    <a {...props} href={href} className={linkClass}>
      {children}
    </a>
  );
}

function MarkdownImage({ node: _node, src, alt, className, ...props }: Props<"img">) {
  // Only https images load; anything else (http, relative, emptied) leaves its alt text behind.
  if (typeof src !== "string" || !src.toLowerCase().startsWith("https://")) {
    return alt ? <span className="text-[var(--color-muted-foreground)] italic">{alt}</span> : null;
  }
  return <img {...props} src={src} alt={alt ?? ""} loading="lazy" className={cn("my-4 h-auto max-w-full rounded-md", className)} />;
}

function MarkdownCheckbox({ node: _node, className, ...props }: Props<"input">) {
  // GFM task items: disabled checkboxes, named so screen readers do not call them unlabelled.
  return <input {...props} aria-label="Task" className={cn("mr-2 size-4 translate-y-0.5 accent-[var(--color-primary)]", className)} />;
}

function MarkdownList({ node: _node, className, ...props }: Props<"ul">) {
  const tasks = className?.includes("contains-task-list");
  return <ul {...props} className={cn("my-3 space-y-1", tasks ? "list-none pl-1" : "list-disc pl-6", className)} />;
}

// Scrolls sideways inside itself; focusable so keyboard users can scroll it too.
const SCROLL_CLASS =
  "max-w-full overflow-x-auto rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-[var(--color-ring)]";

const HEADING_CLASS = {
  h2: "mt-8 mb-3 text-xl font-semibold",
  h3: "mt-6 mb-2 text-lg font-semibold",
  h4: "mt-6 mb-2 text-base font-semibold",
  h5: "mt-4 mb-2 text-sm font-semibold",
  h6: "mt-4 mb-2 text-sm font-semibold text-[var(--color-muted-foreground)]",
} as const;

/** The Markdown's heading one level down, so `#` becomes an h2 and `######` stays an h6. */
function shiftedHeading(Tag: keyof typeof HEADING_CLASS) {
  return function ShiftedHeading({ node: _node, className, ...props }: Props<"h2">) {
    return <Tag {...props} className={cn(HEADING_CLASS[Tag], className)} />;
  };
}

const COMPONENTS: Components = {
  h1: shiftedHeading("h2"),
  h2: shiftedHeading("h3"),
  h3: shiftedHeading("h4"),
  h4: shiftedHeading("h5"),
  h5: shiftedHeading("h6"),
  h6: shiftedHeading("h6"),
  p: ({ node: _node, className, ...props }) => <p {...props} className={cn("my-3", className)} />,
  a: MarkdownLink,
  img: MarkdownImage,
  input: MarkdownCheckbox,
  ul: MarkdownList,
  ol: ({ node: _node, className, ...props }) => <ol {...props} className={cn("my-3 list-decimal space-y-1 pl-6", className)} />,
  li: ({ node: _node, className, ...props }) => <li {...props} className={cn("[&>ol]:my-1 [&>ul]:my-1", className)} />,
  blockquote: ({ node: _node, className, ...props }) => (
    <blockquote {...props} className={cn("my-4 border-l-4 border-[var(--color-border)] pl-4 text-[var(--color-muted-foreground)]", className)} />
  ),
  hr: ({ node: _node, className, ...props }) => <hr {...props} className={cn("my-6 border-[var(--color-border)]", className)} />,
  code: ({ node: _node, className, ...props }) => (
    <code {...props} className={cn("rounded bg-[var(--color-muted)] px-1 py-0.5 font-mono text-[0.9em]", className)} />
  ),
  pre: ({ node: _node, className, ...props }) => (
    <pre
      {...props}
      tabIndex={0}
      className={cn(SCROLL_CLASS, "my-4 bg-[var(--color-muted)] p-3 font-mono text-xs leading-5 [&>code]:bg-transparent [&>code]:p-0 [&>code]:text-[1em]", className)}
    />
  ),
  table: ({ node: _node, className, ...props }) => (
    <div tabIndex={0} className={cn(SCROLL_CLASS, "my-4 border border-[var(--color-border)]")}>
      <table {...props} className={cn("w-full border-collapse text-left", className)} />
    </div>
  ),
  th: ({ node: _node, className, ...props }) => (
    <th {...props} className={cn("border-b border-[var(--color-border)] bg-[var(--color-muted)] px-3 py-2 font-semibold", className)} />
  ),
  td: ({ node: _node, className, ...props }) => (
    <td {...props} className={cn("border-t border-[var(--color-border)] px-3 py-2 align-top", className)} />
  ),
  del: ({ node: _node, className, ...props }) => <del {...props} className={cn("text-[var(--color-muted-foreground)]", className)} />,
};
