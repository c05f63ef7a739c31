import { CircleAlert, CircleCheck, Info } from "lucide-react";
import type { ReactNode } from "react";
import type { ConnectionTestResult } from "#common/contracts/data-connections";
import { cn } from "#web/lib/cn.ts";

/** How many of the readable tables a result lists by name. */
export const LISTED_TABLES = 10;

function Outcome({ icon, title, tone, children }: { icon: ReactNode; title: string; tone: "good" | "bad" | "neutral"; children: ReactNode }) {
  return (
    <div
      data-testid="connection-test-result"
      className={cn(
        "flex gap-3 rounded-md border p-3 text-sm",
        tone === "good" && "border-[var(--color-primary)]",
        tone === "bad" && "border-[var(--color-destructive)]",
        tone === "neutral" && "border-[var(--color-border)]",
      )}
    >
      {icon}
      <div className="min-w-0 space-y-1.5">
        <p className="font-semibold">{title}</p>
        {children}
      </div>
    </div>
  );
}

function tableCount(count: number): string {
  return count === 1 ? "1 table" : `${count.toLocaleString()} tables`;
}

/**
 * What a test found, told as it is: only a database that answered is "Connected"; a hosted system
 * is not verified until its first sync, and files need no connection.
 */
export function ConnectionTestOutcome({ result }: { result: ConnectionTestResult }) {
  switch (result.outcome) {
    case "connected": {
      const listed = result.tables.slice(0, LISTED_TABLES);
      const more = result.table_count - listed.length;
      return (
        <Outcome
          tone="good"
          title="Connected"
          icon={<CircleCheck className="mt-0.5 size-5 shrink-0 text-[var(--color-primary)]" aria-hidden="true" />}
        >
          <p>{result.message}</p>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
            <dt className="text-[var(--color-muted-foreground)]">Server version</dt>
            <dd className="break-words">{result.server_version}</dd>
            <dt className="text-[var(--color-muted-foreground)]">Readable tables</dt>
            <dd>{tableCount(result.table_count)}</dd>
          </dl>
          {listed.length > 0 ? (
            <>
              <ul aria-label="Readable tables" className="list-inside list-disc font-mono text-xs">
                {listed.map((table) => (
                  <li key={`${table.schema}.${table.name}`}>{`${table.schema}.${table.name}`}</li>
                ))}
              </ul>
              {more > 0 ? <p className="text-[var(--color-muted-foreground)]">and {tableCount(more)} more</p> : null}
            </>
          ) : (
            <p className="text-[var(--color-muted-foreground)]">The database answered, but this user can read no tables: check its permissions before the first sync.</p>
          )}
        </Outcome>
      );
    }
    case "failed":
      return (
        <div role="alert">
          <Outcome
            tone="bad"
            title="Could not connect"
            icon={<CircleAlert className="mt-0.5 size-5 shrink-0 text-[var(--color-destructive)]" aria-hidden="true" />}
          >
            <p>{result.message}</p>
            <p className="text-[var(--color-muted-foreground)]">Check the details and that the server accepts connections from the portal, then test again.</p>
          </Outcome>
        </div>
      );
    case "deferred":
      return (
        <Outcome tone="neutral" title="Not verified yet" icon={<Info className="mt-0.5 size-5 shrink-0" aria-hidden="true" />}>
          <p>{result.message}</p>
        </Outcome>
      );
    case "not_needed":
      return (
        <Outcome tone="neutral" title="No connection needed" icon={<Info className="mt-0.5 size-5 shrink-0" aria-hidden="true" />}>
          <p>{result.message}</p>
        </Outcome>
      );
  }
}
