/** The demo organizations and their accounts: plain data, so the e2e first-run test can read them without the server. */
export const DEMO_ORGANIZATION_NAME = "Demo Company";
/** Created and a first member invited: nothing else yet. */
export const JUST_INVITED_ORGANIZATION_NAME = "Northwind Trading";
export const JUST_INVITED_EMAIL = "buyer@northwind.example";
/** A week from its go-live date. */
export const NEAR_GO_LIVE_ORGANIZATION_NAME = "Contoso Outfitters";

// The first member listed is the demo member (tests find it as the first account that is not an employee).
export const DEMO_ACCOUNTS = [
  { label: "member", email: "member@demo.example", password: "demo-member-2026", isEmployee: false, fullName: "Dana Member", role: "member_admin", organizationName: DEMO_ORGANIZATION_NAME },
  { label: "employee", email: "employee@provider.example", password: "demo-employee-2026", isEmployee: true, fullName: "Eli Employee", role: "member_user", organizationName: null },
  { label: "contoso", email: "owner@contoso.example", password: "demo-contoso-2026", isEmployee: false, fullName: "Casey Owner", role: "member_admin", organizationName: NEAR_GO_LIVE_ORGANIZATION_NAME },
] as const;
