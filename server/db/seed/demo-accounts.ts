/** The demo organization and its accounts: plain data, so the e2e first-run test can read them without the server. */
export const DEMO_ORGANIZATION_NAME = "Demo Company";
export const DEMO_ACCOUNTS = [
  { label: "member", email: "member@demo.example", password: "demo-member-2026", isEmployee: false, fullName: "Dana Member", role: "member_admin" },
  { label: "employee", email: "employee@provider.example", password: "demo-employee-2026", isEmployee: true, fullName: "Eli Employee", role: "member_user" },
] as const;
