import type { ReactNode } from "react";
import { Link } from "react-router";
import { buildSignInPath } from "#common/domain/redirect-target";
import { Card, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";

/** The signed-out screens' card: the portal's name, the screen's title and an optional introduction. */
export function AuthPageFrame({ title, description, children }: { title: string; description?: ReactNode; children: ReactNode }) {
  return (
    <main className="flex min-h-full items-center justify-center bg-[var(--color-muted)] p-4">
      <Card className="w-full max-w-sm">
        <CardHeader>
          <h1 className="text-xl font-semibold">Member Portal</h1>
          <CardTitle className="text-base font-normal text-[var(--color-muted-foreground)]">{title}</CardTitle>
          {description ? <CardDescription>{description}</CardDescription> : null}
        </CardHeader>
        {children}
      </Card>
    </main>
  );
}

/** "Back to sign in", keeping where the user was going (`redirectTarget`). */
export function BackToSignInLink({ redirectTarget }: { redirectTarget: string }) {
  return (
    <p className="text-center text-sm">
      <Link to={buildSignInPath(redirectTarget)} className="font-medium text-[var(--color-primary)] underline-offset-4 hover:underline">
        Back to sign in
      </Link>
    </p>
  );
}
