import { Link, isRouteErrorResponse, useRouteError } from "react-router";
import { Button } from "#web/components/ui/button.tsx";

/** Browsers word a failed `import()` differently; all of them mean the page's code did not arrive. */
const CODE_NOT_LOADED = /dynamically imported module|module script failed|error loading dynamically imported|Unable to preload/i;

/** True when an error says a part of the app's code could not be downloaded. */
export function isCodeLoadFailure(error: unknown): boolean {
  return error instanceof Error && CODE_NOT_LOADED.test(error.message);
}

/**
 * What a route shows instead of React Router's developer screen when its page, the shell or a
 * piece they load fails: code that did not download (a dropped connection, or a tab still on an
 * older build after an update) asks for a reload; anything else says so plainly.
 */
export function RouteError() {
  const error = useRouteError();
  const notLoaded = isCodeLoadFailure(error);
  const title = notLoaded ? "This page could not be loaded" : "Something went wrong";
  const detail = notLoaded
    ? "The connection dropped or the portal was updated while the page was loading. Reload to get the latest version."
    : isRouteErrorResponse(error)
      ? `The page answered ${error.status}. Reload to try again.`
      : "An unexpected error stopped this page. Reload to try again; if it happens again, let your contact at the provider know.";
  return (
    <div role="alert" className="mx-auto max-w-lg space-y-4 px-4 py-16 text-center">
      <h1 className="text-2xl font-semibold">{title}</h1>
      <p className="text-sm text-[var(--color-muted-foreground)]">{detail}</p>
      <div className="flex flex-wrap justify-center gap-2">
        <Button onClick={() => window.location.reload()}>Reload</Button>
        <Button variant="outline" asChild>
          <Link to="/" reloadDocument>
            Go to the portal home
          </Link>
        </Button>
      </div>
    </div>
  );
}
