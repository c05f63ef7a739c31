import type { ActionLogEntry } from "#common/contracts/action-log";
import { IMPACT_LEVELS, type ImpactLevel, LIKELIHOODS, type Likelihood, riskBand, riskScore } from "#common/domain/action-log";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "#web/components/ui/table.tsx";
import { cn } from "#web/lib/cn.ts";
import { RISK_BAND_STYLES } from "./entry-cells.tsx";

/** Most likely on top, as risk matrices are read. */
const ROWS = [...LIKELIHOODS].reverse();

export interface RiskMatrixProps {
  /** Active risks; those with no likelihood yet are counted apart. */
  risks: readonly ActionLogEntry[];
  /** Active risks in all (more than given means the matrix is cut short). */
  total: number;
  onOpen: (entry: ActionLogEntry) => void;
}

/** Groups risks by likelihood and impact: `cells.get("Likely|High")`. */
export function placeRisks(risks: readonly ActionLogEntry[]): Map<string, ActionLogEntry[]> {
  const cells = new Map<string, ActionLogEntry[]>();
  for (const risk of risks) {
    if (risk.likelihood === null) continue;
    const key = `${risk.likelihood}|${risk.impact_level}`;
    cells.set(key, [...(cells.get(key) ?? []), risk]);
  }
  return cells;
}

/**
 * The active risks by likelihood (rows) and impact (columns), each cell in its band's colour
 * with the band in words, listing its risks' references as buttons that open them.
 */
export function RiskMatrix({ risks, total, onOpen }: RiskMatrixProps) {
  const cells = placeRisks(risks);
  const unscored = risks.filter((risk) => risk.likelihood === null).length;
  return (
    <section aria-labelledby="risk-matrix-heading" className="space-y-2">
      <h2 id="risk-matrix-heading" className="text-lg font-semibold">
        Risk matrix
      </h2>
      <Table stacked={false} className="table-fixed text-xs sm:text-sm">
        <TableCaption className="text-left">
          Active risks by likelihood and impact; the score is likelihood × impact.
          {unscored > 0 ? ` ${unscored === 1 ? "1 active risk has no likelihood yet and is" : `${unscored} active risks have no likelihood yet and are`} not placed.` : ""}
          {total > risks.length ? ` Only the first ${risks.length.toLocaleString()} of ${total.toLocaleString()} active risks are placed.` : ""}
        </TableCaption>
        <TableHeader>
          <TableRow>
            <TableHead className="w-[22%] px-1.5 whitespace-normal sm:px-3">
              Likelihood <span aria-hidden="true">↓</span> / Impact <span aria-hidden="true">→</span>
            </TableHead>
            {IMPACT_LEVELS.map((impact) => (
              <TableHead key={impact} className="px-1.5 text-center sm:px-3">
                {impact}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {ROWS.map((likelihood) => (
            <TableRow key={likelihood}>
              <TableHead scope="row" className="h-auto px-1.5 py-2 whitespace-normal sm:px-3">
                {likelihood}
              </TableHead>
              {IMPACT_LEVELS.map((impact) => (
                <MatrixCell key={impact} likelihood={likelihood} impact={impact} risks={cells.get(`${likelihood}|${impact}`) ?? []} onOpen={onOpen} />
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </section>
  );
}

function MatrixCell({ likelihood, impact, risks, onOpen }: { likelihood: Likelihood; impact: ImpactLevel; risks: readonly ActionLogEntry[]; onOpen: (entry: ActionLogEntry) => void }) {
  const score = riskScore(likelihood, impact) ?? 0;
  const band = riskBand(score);
  return (
    <TableCell className={cn("h-20 border border-[var(--color-background)] px-1.5 py-1.5 align-top sm:px-2", RISK_BAND_STYLES[band])}>
      {/* On a phone the band and the score wrap as two lines, never inside one. */}
      <p className="text-[0.7rem] font-medium sm:text-xs">
        <span className="whitespace-nowrap">{band}</span> <span className="whitespace-nowrap">· {score}</span>
      </p>
      {risks.length > 0 ? (
        <ul className="mt-1 flex flex-wrap gap-1">
          {risks.map((risk) => (
            <li key={risk.id}>
              <button
                type="button"
                title={risk.title}
                onClick={() => onOpen(risk)}
                className="max-w-full rounded-sm bg-[var(--color-card)] px-1 py-0.5 text-left font-mono break-all text-[0.7rem] text-[var(--color-foreground)] underline-offset-2 shadow-sm hover:underline focus-visible:ring-2 focus-visible:ring-[var(--color-ring)] focus-visible:outline-none sm:text-xs"
              >
                {risk.reference}
                <span className="sr-only">: {risk.title}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </TableCell>
  );
}
