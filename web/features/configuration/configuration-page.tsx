import { useQuery } from "@tanstack/react-query";
import { Download } from "lucide-react";
import { useCallback, useState } from "react";
import { toast } from "sonner";
import type { Configuration } from "#common/contracts/configuration";
import { PageError } from "#web/components/page-error.tsx";
import { PageFrame } from "#web/components/page-frame.tsx";
import { UnsavedChangesGuard } from "#web/components/unsaved-changes-dialog.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card } from "#web/components/ui/card.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { messageOf } from "#web/lib/api-client.ts";
import { saveFile } from "#web/lib/save-file.ts";
import { configurationQuery, fetchConfigurationCsv } from "./configuration-api.ts";
import { ConfigurationModulePanel } from "./configuration-module-panel.tsx";
import { ModuleTabs, moduleTabIds } from "./module-tabs.tsx";

const BREADCRUMBS = [{ label: "Launch Plan", to: "/system-refinement" }, { label: "Configuration" }];
const DESCRIPTION =
  "Answer the questions your provider needs to configure the ERP, one module at a time. Save drafts as you go; submit a module when every required question is answered.";
const TABS_ID = "configuration-modules";

/** The configuration questionnaire (/configuration): the plan's questions by module. */
export default function ConfigurationPage() {
  const configuration = useQuery(configurationQuery);
  const data = configuration.data;
  return (
    <PageFrame
      title="Configuration"
      breadcrumbs={BREADCRUMBS}
      description={DESCRIPTION}
      actions={data?.can_export ? <ExportButton /> : null}
    >
      {data ? (
        <Questionnaire configuration={data} />
      ) : configuration.isError ? (
        <PageError error={configuration.error} onRetry={() => void configuration.refetch()} />
      ) : (
        <Spinner label="Loading the questionnaire..." />
      )}
    </PageFrame>
  );
}

function ExportButton() {
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      saveFile(await fetchConfigurationCsv());
    } catch (error) {
      toast.error(messageOf(error, "Failed to export the answers. Please try again."));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button type="button" variant="outline" disabled={busy} onClick={() => void download()}>
      <Download aria-hidden="true" />
      {busy ? "Exporting…" : "Export CSV"}
    </Button>
  );
}

function Questionnaire({ configuration }: { configuration: Configuration }) {
  const [selected, setSelected] = useState(0);
  const [dirtyModules, setDirtyModules] = useState<ReadonlySet<string>>(new Set());
  const onDirtyChange = useCallback((module: string, dirty: boolean) => {
    setDirtyModules((current) => {
      if (current.has(module) === dirty) return current;
      const next = new Set(current);
      if (dirty) next.add(module);
      else next.delete(module);
      return next;
    });
  }, []);

  const { modules } = configuration;
  if (modules.length === 0) {
    return (
      <Card>
        <p className="text-sm">Your plan has no configuration questions yet. They appear here once your estimate or business aspects name the modules you use.</p>
      </Card>
    );
  }
  const active = Math.min(selected, modules.length - 1);
  const tabs = modules.map((module) => ({
    id: module.module,
    label: module.module,
    detail: module.submitted ? "Submitted" : `${module.required_answered} of ${module.required_total} required`,
  }));
  return (
    <div className="space-y-4">
      <ModuleTabs label="Modules" idPrefix={TABS_ID} tabs={tabs} selected={active} onSelect={setSelected} />
      {modules.map((module, index) => {
        const ids = moduleTabIds(TABS_ID, index);
        // Every panel stays mounted, so a module's unsaved edits survive a switch of tabs.
        return (
          <Card key={module.module} role="tabpanel" id={ids.panel} aria-labelledby={ids.tab} hidden={index !== active} className="min-w-0">
            <ConfigurationModulePanel module={module} onDirtyChange={onDirtyChange} />
          </Card>
        );
      })}
      <UnsavedChangesGuard when={dirtyModules.size > 0} />
    </div>
  );
}
