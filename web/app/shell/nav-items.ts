import { Building2, type LucideIcon, Users } from "lucide-react";

export interface NavItem {
  /** The gating identifier of spec §2. */
  id: string;
  label: string;
  to: string;
  icon: LucideIcon;
}

export interface NavSection {
  title: string;
  items: NavItem[];
}

/** The navigation, holding the items whose pages exist. */
export const navSections: NavSection[] = [
  {
    title: "Administration",
    items: [
      { id: "company", label: "My Company", to: "/company", icon: Building2 },
      { id: "team", label: "Team", to: "/team", icon: Users },
    ],
  },
];
