import { ImageIcon, Trash2, Upload } from "lucide-react";
import { useRef, useState } from "react";
import type { OrganizationProfile } from "#common/contracts/organization-profile";
import { LOGO_CONTENT_TYPES, LOGO_MAX_BYTES } from "#common/domain/organization-profile";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { FormFailure } from "#web/components/ui/form-field.tsx";
import { messageOf } from "#web/lib/api-client.ts";
import { cn } from "#web/lib/cn.ts";
import { lazyToast } from "#web/lib/lazy-toast.ts";
import { useSelectedOrganizationId } from "#web/lib/selected-organization.ts";
import { organizationLogoUrl, useDeleteOrganizationLogo, useUploadOrganizationLogo } from "./organization-profile-api.ts";

const ACCEPTED = LOGO_CONTENT_TYPES.join(",");
const TYPE_MESSAGE = "Choose a PNG, JPEG or WebP image. SVG is not accepted.";
const SIZE_MESSAGE = "The logo must be at most 1 MiB.";

/** What the browser can tell of a chosen file before sending it; the server checks its bytes again. */
function checkLogoFile(file: File): string | null {
  if (!(LOGO_CONTENT_TYPES as readonly string[]).includes(file.type)) return TYPE_MESSAGE;
  return file.size > LOGO_MAX_BYTES ? SIZE_MESSAGE : null;
}

/** The organization's logo: shown to everyone, replaced and removed by those who may edit the profile. */
export function OrganizationLogoCard({ profile }: { profile: OrganizationProfile }) {
  const employeeOrganizationId = useSelectedOrganizationId();
  const upload = useUploadOrganizationLogo();
  const remove = useDeleteOrganizationLogo();
  const input = useRef<HTMLInputElement>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const busy = upload.isPending || remove.isPending;
  const { logo } = profile;

  const send = async (file: File) => {
    const refusal = checkLogoFile(file);
    setFailure(refusal);
    if (refusal) return;
    try {
      await upload.mutateAsync(file);
      lazyToast.success("Logo saved");
    } catch (error) {
      setFailure(messageOf(error, "Failed to upload the logo. Please try again."));
    }
  };

  const removeLogo = async () => {
    setFailure(null);
    try {
      await remove.mutateAsync();
      lazyToast.success("Logo removed");
    } catch (error) {
      lazyToast.error("Error", { description: messageOf(error, "Failed to remove the logo. Please try again.") });
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Logo</CardTitle>
        <CardDescription>{profile.can_edit ? "PNG, JPEG or WebP, at most 1 MiB." : "The organization's logo."}</CardDescription>
      </CardHeader>
      <div className="flex flex-wrap items-center gap-4">
        {/* Logos are drawn for paper: a white ground in both themes. */}
        <div className={cn("flex size-24 shrink-0 items-center justify-center overflow-hidden rounded-lg border border-[var(--color-border)]", logo ? "bg-white" : "bg-[var(--color-muted)]")}>
          {logo ? (
            <img src={organizationLogoUrl(logo, employeeOrganizationId)} alt={`${profile.display_name} logo`} className="size-full object-contain" />
          ) : (
            <ImageIcon aria-hidden="true" className="size-8 text-[var(--color-muted-foreground)]" />
          )}
        </div>
        {logo ? null : <p className="text-sm text-[var(--color-muted-foreground)]">No logo yet.</p>}
        {profile.can_edit ? (
          <div className="flex flex-wrap gap-2">
            <input
              ref={input}
              type="file"
              accept={ACCEPTED}
              hidden
              data-testid="logo-file"
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = ""; // the same file chosen again still counts as a change
                if (file) void send(file);
              }}
            />
            <Button type="button" variant="outline" disabled={busy} onClick={() => input.current?.click()}>
              <Upload aria-hidden="true" />
              {upload.isPending ? "Uploading…" : logo ? "Replace logo" : "Upload logo"}
            </Button>
            {logo ? (
              <Button type="button" variant="ghost" disabled={busy} onClick={() => void removeLogo()}>
                <Trash2 aria-hidden="true" />
                {remove.isPending ? "Removing…" : "Remove logo"}
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>
      <div className="mt-3">
        <FormFailure failure={failure} />
      </div>
    </Card>
  );
}
