import { Link, useLocation } from "react-router";
import { Button } from "#web/components/ui/button.tsx";
import { PageFrame } from "#web/components/page-frame.tsx";

export default function NotFoundPage() {
  const location = useLocation();
  return (
    <PageFrame
      title="Page not found"
      description={
        <>
          Error 404: there is no page at <code className="break-all">{location.pathname}</code>.
        </>
      }
    >
      <Button asChild>
        <Link to="/">Go to the portal home</Link>
      </Button>
    </PageFrame>
  );
}
