import type { ReactNode } from "react";
import type { OrganizationProfile, PostalAddress } from "#common/contracts/organization-profile";
import { COMPANY_SIZE_LABELS, INDUSTRY_LABELS, TAX_ID_KIND_LABELS } from "#common/domain/organization-profile";
import { Card, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { BaseCurrencyField } from "./base-currency-field.tsx";
import { addressLines } from "./profile-form-values.ts";

const NOT_SET = "Not set yet";

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="min-w-0 space-y-1">
      <dt className="text-sm font-medium">{term}</dt>
      <dd className="text-sm break-words">{children}</dd>
    </div>
  );
}

function Muted({ children }: { children: ReactNode }) {
  return <span className="text-[var(--color-muted-foreground)]">{children}</span>;
}

function Address({ address, none }: { address: PostalAddress | null; none: string }) {
  if (!address) return <Muted>{none}</Muted>;
  return (
    <address className="not-italic">
      {addressLines(address).map((line, index) => (
        <span key={`${index}-${line}`} className="block">
          {line}
        </span>
      ))}
    </address>
  );
}

/** The profile as a member user sees it: every answer as text, nothing to change. */
export function OrganizationProfileSummary({ profile }: { profile: OrganizationProfile }) {
  return (
    <>
      <Card>
        <CardHeader>
          <CardTitle>Company details</CardTitle>
        </CardHeader>
        <dl className="grid gap-4 sm:grid-cols-2">
          <Row term="Legal name">{profile.legal_name ?? <Muted>{NOT_SET}</Muted>}</Row>
          <Row term="Industry">{profile.industry ? INDUSTRY_LABELS[profile.industry] : <Muted>{NOT_SET}</Muted>}</Row>
          <Row term="Company size">{profile.company_size ? COMPANY_SIZE_LABELS[profile.company_size] : <Muted>{NOT_SET}</Muted>}</Row>
          <Row term="Time zone">{profile.time_zone.replaceAll("_", " ")}</Row>
        </dl>
        <div className="mt-4">
          <BaseCurrencyField baseCurrency={profile.base_currency} />
        </div>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Addresses</CardTitle>
        </CardHeader>
        <dl className="grid gap-4 sm:grid-cols-2">
          <Row term="Registered address">
            <Address address={profile.registered_address} none={NOT_SET} />
          </Row>
          <Row term="Billing address">
            <Address address={profile.billing_address} none="Same as the registered address" />
          </Row>
        </dl>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Tax identifiers</CardTitle>
        </CardHeader>
        {profile.tax_ids.length === 0 ? (
          <p className="text-sm text-[var(--color-muted-foreground)]">No tax identifiers yet.</p>
        ) : (
          <ul className="space-y-1 text-sm">
            {profile.tax_ids.map((taxId) => (
              <li key={`${taxId.kind}-${taxId.value}`} className="break-words">
                <span className="font-medium">{TAX_ID_KIND_LABELS[taxId.kind]}:</span> {taxId.value}
              </li>
            ))}
          </ul>
        )}
      </Card>
    </>
  );
}
