import { useState } from "react";
import type { Mission } from "#common/contracts/content";
import { Button } from "#web/components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "#web/components/ui/dialog.tsx";
import { DialogActions } from "#web/components/ui/dialog-actions.tsx";
import { Label } from "#web/components/ui/label.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "#web/components/ui/select.tsx";
import { formatDay } from "#web/lib/format-date.ts";

const CURRENT = "current";

function filesWord(count: number): string {
  return count === 1 ? "1 file" : `${count.toLocaleString()} files`;
}

/** "Current · since 5 Jan 2030 · 12 files", "5 Jan 2030 – 1 Mar 2030 · 40 files". */
export function missionLabel(mission: Mission): string {
  const span = mission.end_date === null ? `Current · since ${formatDay(mission.created_at)}` : `${formatDay(mission.created_at)} – ${formatDay(mission.end_date)}`;
  return `${span} · ${filesWord(mission.file_count)}`;
}

/** Which mission's library shows: the current one (marked) or an earlier one, read-only. */
export function MissionSelect({ missions, missionId, onChange }: { missions: readonly Mission[]; missionId: string | null; onChange: (missionId: string | null) => void }) {
  const current = missions.find((mission) => mission.end_date === null);
  const value = missionId === null || missionId === current?.id ? CURRENT : missionId;
  return (
    <div className="flex min-w-0 items-center gap-2">
      <Label htmlFor="content-mission" className="shrink-0">
        Mission
      </Label>
      <Select value={value} onValueChange={(next) => onChange(next === CURRENT ? null : next)}>
        <SelectTrigger id="content-mission" className="w-auto min-w-0 max-w-full sm:min-w-64">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {missions.map((mission) => (
            <SelectItem key={mission.id} value={mission.end_date === null ? CURRENT : mission.id}>
              {missionLabel(mission)}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

/** Employees only: end the current mission and start the library afresh. */
export function StartMissionButton({ onStart }: { onStart: () => Promise<void> }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const start = async () => {
    setBusy(true);
    try {
      await onStart();
      setOpen(false);
    } catch {
      // The toast says why; the dialog stays.
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button type="button" variant="outline" onClick={() => setOpen(true)}>
        Start new mission
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent role="alertdialog">
          <DialogHeader>
            <DialogTitle>Start a new mission</DialogTitle>
            <DialogDescription>
              The file library starts empty for the new mission. The current mission ends: its files and folders stay readable under Mission, but can no
              longer be changed.
            </DialogDescription>
          </DialogHeader>
          <DialogActions label="Start new mission" busyLabel="Starting…" busy={busy} onClick={() => void start()} />
        </DialogContent>
      </Dialog>
    </>
  );
}
