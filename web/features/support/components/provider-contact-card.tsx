import { Mail, Pencil, Phone } from "lucide-react";
import { useState } from "react";
import type { SupportSettings } from "#common/contracts/support";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { SupportSettingsDialog } from "./support-settings-dialog.tsx";

/** How to reach the provider: contacts, support hours and the response promise; employees edit them here. */
export function ProviderContactCard({ settings, canEdit }: { settings: SupportSettings; canEdit: boolean }) {
  const [editing, setEditing] = useState(false);
  return (
    <Card aria-labelledby="support-contact-title" className="min-w-0">
      <CardHeader className="flex flex-wrap items-start justify-between gap-3 space-y-0">
        <div className="min-w-0 space-y-1">
          <CardTitle id="support-contact-title">How to reach us</CardTitle>
          <CardDescription>{settings.response_promise}</CardDescription>
        </div>
        {canEdit ? (
          <Button type="button" variant="outline" size="sm" aria-haspopup="dialog" aria-label="Edit how to reach us" onClick={() => setEditing(true)}>
            <Pencil aria-hidden="true" />
            Edit
          </Button>
        ) : null}
      </CardHeader>
      <dl className="mb-4 grid gap-3 text-sm sm:grid-cols-2">
        <div className="min-w-0">
          <dt className="font-medium">Support hours</dt>
          <dd className="break-words whitespace-pre-line text-[var(--color-muted-foreground)]">
            {settings.support_hours} ({settings.time_zone.replaceAll("_", " ")})
          </dd>
        </div>
        <div className="min-w-0">
          <dt className="font-medium">First response</dt>
          <dd className="text-[var(--color-muted-foreground)]">
            Within {settings.first_response_hours} {settings.first_response_hours === 1 ? "hour" : "hours"}
          </dd>
        </div>
      </dl>
      <h3 className="mb-2 text-sm font-medium">Contacts</h3>
      <ul className="space-y-3">
        {settings.contacts.map((contact, index) => (
          <li key={`${contact.email}-${index}`} className="min-w-0 rounded-lg border border-[var(--color-border)] p-3 text-sm">
            <p className="font-medium break-words">{contact.name}</p>
            <p className="break-words text-[var(--color-muted-foreground)]">{contact.role}</p>
            <p className="mt-1 flex min-w-0 items-center gap-2">
              <Mail aria-hidden="true" className="size-4 shrink-0" />
              <a href={`mailto:${contact.email}`} className="min-w-0 break-all text-[var(--color-primary)] underline underline-offset-4">
                {contact.email}
              </a>
            </p>
            {contact.phone ? (
              <p className="flex items-center gap-2">
                <Phone aria-hidden="true" className="size-4 shrink-0" />
                <a href={`tel:${contact.phone.replace(/[^\d+]/g, "")}`} className="text-[var(--color-primary)] underline underline-offset-4">
                  {contact.phone}
                </a>
              </p>
            ) : null}
          </li>
        ))}
      </ul>
      {canEdit ? <SupportSettingsDialog open={editing} onOpenChange={setEditing} settings={settings} /> : null}
    </Card>
  );
}
