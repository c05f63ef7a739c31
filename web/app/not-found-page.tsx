import { Link, useLocation } from "react-router";
import { Button } from "#web/components/ui/button.tsx";

export default function NotFoundPage() {
  const location = useLocation();
  return (
    <div className="mx-auto max-w-lg space-y-4 py-16 text-center">
      <p className="text-5xl font-bold text-[var(--color-muted-foreground)]">404</p>
      <h1 className="text-2xl font-semibold">Page not found</h1>
      <p className="text-sm text-[var(--color-muted-foreground)]">
        There is no page at <code className="break-all">{location.pathname}</code>.
      </p>
      <Button asChild>
        <Link to="/">Go to the portal home</Link>
      </Button>
    </div>
  );
}
