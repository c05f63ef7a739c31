import type { CurrentUser } from "#common/contracts/account";
import type { Nda, NdaOverview, NdaTemplate } from "#common/contracts/nda";
import { isNdaSigned } from "#common/domain/nda-status";
import { ANA } from "#web/lib/testing/current-user.tsx";

/** Answers for the NDA page's tests. */

export const EMPLOYEE: CurrentUser = {
  ...ANA,
  id: "user-eve",
  email: "eve@provider.example",
  full_name: "Eve Employee",
  role: "employee",
  is_employee: true,
  organization_id: null,
};

export const TEMPLATE: NdaTemplate = {
  version: 2,
  title: "Mutual Non-Disclosure Agreement",
  body: "1. Purpose. The parties exchange confidential information.\n2. Term. Three years.",
  is_default: false,
  updated_at: "2030-01-01T00:00:00.000Z",
};

export const NDA_ID = "6f1c2d3e-4b5a-4c7d-8e9f-0a1b2c3d4e5f";

export function signedNda(overrides: Partial<Nda> = {}): Nda {
  return {
    id: NDA_ID,
    organization_id: ANA.organization_id ?? "",
    status: "signed-by-prospect",
    template_version: 2,
    title: TEMPLATE.title,
    body: TEMPLATE.body,
    member_signer_name: "Ana Lima",
    member_signer_title: "CFO",
    member_signer_email: ANA.email,
    member_signed_at: "2030-02-01T10:00:00.000Z",
    provider_signer_name: null,
    provider_signer_title: null,
    provider_signed_at: null,
    has_document: true,
    created_at: "2030-02-01T10:00:00.000Z",
    updated_at: "2030-02-01T10:00:00.000Z",
    ...overrides,
  };
}

export const COUNTERSIGNED = signedNda({
  status: "signed-by-all",
  provider_signer_name: "Eve Employee",
  provider_signer_title: "Account Manager",
  provider_signed_at: "2030-02-02T10:00:00.000Z",
});

export function overview(ndas: Nda[]): NdaOverview {
  return { organization_name: "Acme Corp", ndas, template: TEMPLATE, signed: isNdaSigned(ndas[0]?.status) };
}
