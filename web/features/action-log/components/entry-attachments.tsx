import { Paperclip } from "lucide-react";
import { useId, useState } from "react";
import { AddAttachmentDialog } from "#web/components/attachments/add-attachment-dialog.tsx";
import { AttachmentList } from "#web/components/attachments/attachment-list.tsx";
import { Button } from "#web/components/ui/button.tsx";

/** The entry's files; those who may edit it add more (upload, the library, or a screen capture) and remove them. */
export function EntryAttachments({ actionLogId, canEdit }: { actionLogId: string; canEdit: boolean }) {
  const headingId = useId();
  const [adding, setAdding] = useState(false);
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="font-semibold">
          Attachments
        </h3>
        {canEdit ? (
          <Button type="button" variant="outline" size="sm" onClick={() => setAdding(true)}>
            <Paperclip aria-hidden="true" />
            Add attachment
          </Button>
        ) : null}
      </div>
      <AttachmentList entityType="action_log" entityId={actionLogId} canEdit={canEdit} />
      {canEdit ? <AddAttachmentDialog entityType="action_log" entityId={actionLogId} open={adding} onOpenChange={setAdding} /> : null}
    </section>
  );
}
