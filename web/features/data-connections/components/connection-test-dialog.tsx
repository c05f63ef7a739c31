import { useRef, useState } from "react";
import type { ConnectionTestResult, DataConnection } from "#common/contracts/data-connections";
import { Button } from "#web/components/ui/button.tsx";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "#web/components/ui/dialog.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { messageOf } from "#web/lib/api-client.ts";
import { useTestConnection } from "#web/features/data-connections/api/data-connections-api.ts";
import { sourceNameOf } from "#web/features/data-connections/data-connection-format.ts";
import { ConnectionTestOutcome } from "./connection-test-result.tsx";

interface TestRun {
  connection: DataConnection;
  result?: ConnectionTestResult;
  /** Why the test could not run at all (refused, server unreachable). */
  error?: string;
}

/**
 * Tests a saved connection with its stored details (the server fills in the secrets and records
 * the outcome on it); the dialog shows the run and its outcome.
 */
export function useSavedConnectionTest() {
  const test = useTestConnection();
  const [run, setRun] = useState<TestRun | null>(null);
  // A run closed before its answer came must not reopen the dialog.
  const current = useRef(0);

  async function start(connection: DataConnection) {
    const token = ++current.current;
    setRun({ connection });
    try {
      const result = await test.mutateAsync({
        data_source_id: connection.data_source_id,
        connection_config: connection.connection_config,
        connection_id: connection.id,
      });
      if (token === current.current) setRun({ connection, result });
    } catch (error) {
      if (token === current.current) setRun({ connection, error: messageOf(error, "The test could not run. Please try again.") });
    }
  }

  function close() {
    current.current += 1;
    setRun(null);
  }

  return { run, start, close };
}

export function ConnectionTestDialog({ run, onClose }: { run: TestRun | null; onClose: () => void }) {
  const connection = run?.connection;
  return (
    <Dialog
      open={run !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Test {connection?.name}</DialogTitle>
          <DialogDescription>
            {connection ? `${sourceNameOf(connection.data_source_id)}, with the details and credentials stored for it.` : ""}
          </DialogDescription>
        </DialogHeader>
        <div aria-live="polite">
          {run?.result ? (
            <ConnectionTestOutcome result={run.result} />
          ) : run?.error ? (
            <p role="alert" className="rounded-md border border-[var(--color-destructive)] p-3 text-sm text-[var(--color-destructive)]">
              {run.error}
            </p>
          ) : (
            <Spinner label="Testing the connection…" className="p-4" />
          )}
        </div>
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="outline">
              Close
            </Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
