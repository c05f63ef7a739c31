import { NavLink } from "react-router";
import { cn } from "#web/lib/cn.ts";
import { navSections } from "./nav-items.ts";

export function SideNav({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <nav aria-label="Main" className="flex-1 space-y-6 overflow-y-auto p-4">
      {navSections.map((section) => (
        <div key={section.title} className="space-y-1">
          <h2 className="px-2 text-xs font-semibold uppercase tracking-wide text-[var(--color-muted-foreground)]">
            {section.title}
          </h2>
          <ul className="space-y-1">
            {section.items.map((item) => (
              <li key={item.id}>
                <NavLink
                  to={item.to}
                  onClick={onNavigate}
                  className={({ isActive }) =>
                    cn(
                      "flex items-center gap-2 rounded-md px-2 py-2 text-sm hover:bg-[var(--color-muted)]",
                      "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-[var(--color-ring)]",
                      isActive && "bg-[var(--color-muted)] font-medium",
                    )
                  }
                >
                  <item.icon className="size-4" aria-hidden="true" />
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}
