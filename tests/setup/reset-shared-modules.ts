import { consumeDeliberateSignOut } from "#web/features/auth/use-session.ts";
import { clearSelectedOrganization } from "#web/lib/selected-organization.ts";
import { resetSessionState } from "#web/lib/testing/fake-auth.ts";

// The `unit` project's files share one module graph per worker: what a module keeps between calls
// (an employee's acting organization, a sign-out made in this tab, the session kept fresh) starts
// each file as in a new tab, whatever the file before it did. A module that gains such state adds
// its reset here.
clearSelectedOrganization();
consumeDeliberateSignOut();
await resetSessionState();
