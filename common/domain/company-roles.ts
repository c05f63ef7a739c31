/** The company roles a profile can carry (spec §5). */
export const COMPANY_ROLES = [
  "Executive",
  "Accounting/Finance",
  "HR",
  "Operations/Supply Chain",
  "Sales/Business Development",
  "Marketing",
  "Manufacturing/Production",
  "Customer Service/Support",
  "IT/System Administration",
  "Project Management/Professional Services",
] as const;

export type CompanyRole = (typeof COMPANY_ROLES)[number];

/** "member_user" → "Member User". */
export function humanizeRole(role: string | null | undefined): string {
  const words = (role || "member_user").split(/[_\s-]+/).filter(Boolean);
  return words.map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase()).join(" ");
}
