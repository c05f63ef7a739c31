import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { toast } from "sonner";
import { PageError } from "#web/components/page-error.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardDescription, CardHeader } from "#web/components/ui/card.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { ApiError } from "#web/lib/api-client.ts";
import { useSessionState } from "#web/lib/current-user-query.ts";
import { endSession, startSession } from "#web/lib/session.ts";
import { AcceptInvitationForm } from "./accept-invitation-form.tsx";
import { ChangePasswordForm } from "./change-password-form.tsx";
import { invitationLookupQuery } from "./invitation-api.ts";
import { InvitationBlocked } from "./invitation-blocked.tsx";

/**
 * /change-password, a public page: with ?invitation=<token> the invited person sets their name and
 * first password; otherwise a signed-in user changes their password, and a signed-out visitor is
 * pointed to sign-in or the reset screen.
 */
export default function ChangePasswordPage() {
  const [params] = useSearchParams();
  const token = params.get("invitation");
  return (
    <main className="flex min-h-full items-center justify-center bg-[var(--color-muted)] p-4">
      {token ? <InvitationSetup token={token} /> : <ChangeOwnPassword />}
    </main>
  );
}

function isInvalidLink(error: Error) {
  // 404: used, revoked, expired or unknown; 400: a token that cannot be one.
  return error instanceof ApiError && (error.status === 404 || error.code === "validation_failed");
}

function InvitationSetup({ token }: { token: string }) {
  const lookup = useQuery(invitationLookupQuery(token));
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [linkInvalid, setLinkInvalid] = useState(false);

  const enterPortal = async () => {
    // The server set the session cookie; the guard must read the new user, not what was cached.
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== "invitation-lookup" });
    await startSession(queryClient);
    await navigate("/", { replace: true });
  };

  if (linkInvalid || (lookup.isError && isInvalidLink(lookup.error))) {
    return (
      <Card className="w-full max-w-md" aria-labelledby="invitation-title">
        <CardHeader>
          <h1 id="invitation-title" className="text-xl font-semibold">
            Invitation
          </h1>
        </CardHeader>
        <p role="alert" className="mb-4 text-sm">
          This invitation link is no longer valid. Ask for a new invitation.
        </p>
        <Button asChild variant="outline">
          <Link to="/auth">Sign in</Link>
        </Button>
      </Card>
    );
  }
  if (lookup.isError) {
    return (
      <Card className="w-full max-w-md">
        <PageError error={lookup.error} onRetry={() => void lookup.refetch()} />
      </Card>
    );
  }
  if (!lookup.data) return <Spinner label="Checking invitation..." />;
  const blocker = lookup.data.blocked_by;

  return (
    <Card className="w-full max-w-md" aria-labelledby="invitation-title">
      <CardHeader>
        <h1 id="invitation-title" className="text-xl font-semibold">
          Join {lookup.data.organization_name}
        </h1>
        {blocker ? null : <CardDescription>Enter your name and choose a password to finish setting up your account.</CardDescription>}
      </CardHeader>
      {blocker ? (
        <InvitationBlocked invitation={lookup.data} blocker={blocker} />
      ) : (
        <AcceptInvitationForm
          token={token}
          invitation={lookup.data}
          onAccepted={enterPortal}
          onLinkInvalid={() => setLinkInvalid(true)}
        />
      )}
    </Card>
  );
}

function ChangeOwnPassword() {
  const session = useSessionState();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const signOut = async () => {
    if (!(await endSession())) {
      toast.error("Sign out failed", { description: "Please try again." });
      return;
    }
    queryClient.clear();
    await navigate("/auth", { replace: true });
  };

  if (session.status === "loading") return <Spinner label="Loading page..." />;
  if (session.status === "unavailable") {
    return (
      <Card className="w-full max-w-md">
        <PageError error={session.error} onRetry={session.retry} />
      </Card>
    );
  }
  const signedIn = session.status === "signed-in";

  return (
    <Card className="w-full max-w-md" aria-labelledby="change-password-title">
      <CardHeader>
        <h1 id="change-password-title" className="text-xl font-semibold">
          Change Password
        </h1>
        {signedIn ? (
          <CardDescription>
            Enter your current password and choose a new one. You will then be signed out and sign in again.
          </CardDescription>
        ) : (
          <CardDescription>
            Sign in to change your password. If you have forgotten it, reset it with a code sent to your email.
          </CardDescription>
        )}
      </CardHeader>
      {signedIn ? (
        <div className="space-y-4">
          <ChangePasswordForm onSignOut={signOut} />
          <Link to="/" className="inline-block text-sm text-[var(--color-primary)] underline-offset-4 hover:underline">
            Back to the portal
          </Link>
        </div>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button asChild>
            <Link to="/auth">Sign in</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/verify-otp?mode=reset">Forgot password?</Link>
          </Button>
        </div>
      )}
    </Card>
  );
}
