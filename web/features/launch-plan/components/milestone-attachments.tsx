import { Paperclip } from "lucide-react";
import { useId, useState } from "react";
import { AddAttachmentDialog } from "#web/components/attachments/add-attachment-dialog.tsx";
import { AttachmentList } from "#web/components/attachments/attachment-list.tsx";
import { Button } from "#web/components/ui/button.tsx";

/** The milestone's documents: its attachments, and Add attachment for members and the provider's team alike. */
export function MilestoneAttachments({ milestoneId }: { milestoneId: string }) {
  const headingId = useId();
  const [adding, setAdding] = useState(false);
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold">
          Documents
        </h2>
        <Button type="button" variant="outline" size="sm" onClick={() => setAdding(true)}>
          <Paperclip aria-hidden="true" />
          Add attachment
        </Button>
      </div>
      <AttachmentList entityType="milestone" entityId={milestoneId} canEdit />
      <AddAttachmentDialog entityType="milestone" entityId={milestoneId} open={adding} onOpenChange={setAdding} />
    </section>
  );
}
