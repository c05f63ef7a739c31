import { Sheet, SheetContent } from "#web/components/ui/sheet.tsx";
import { SideNav } from "./side-nav.tsx";

/** The navigation in a panel from the left, for screens too narrow for the side column. */
export default function NavigationSheet({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent side="left" title="Member Portal">
        <SideNav onNavigate={() => onOpenChange(false)} />
      </SheetContent>
    </Sheet>
  );
}
