import type { ReactNode } from "react";
import { Card, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";

/** One part of a workspace: a card with its title (a level-2 heading) and what it is for. */
export function WorkspaceSection({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <Card className="min-w-0 p-4 sm:p-6">
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      {children}
    </Card>
  );
}
