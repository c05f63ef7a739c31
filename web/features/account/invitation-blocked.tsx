import { Link } from "react-router";
import { EXISTING_ACCOUNT_MESSAGE, type InvitationBlocker, type InvitationPreview } from "#common/contracts/team";
import { PROVIDER_STAFF_ADDRESS_MESSAGE } from "#common/domain/access";
import { Button } from "#web/components/ui/button.tsx";

/**
 * Shown instead of the password form when the invitation cannot be accepted: why, and what the
 * invited person can do. The inviter was never told (decision 030).
 */
export function InvitationBlocked({ invitation, blocker }: { invitation: InvitationPreview; blocker: InvitationBlocker }) {
  const existingAccount = blocker === "existing_account";
  return (
    <div className="space-y-4">
      <p className="text-sm">
        This invitation is for <strong>{invitation.email}</strong>.
      </p>
      <p className="text-sm">
        {existingAccount
          ? EXISTING_ACCOUNT_MESSAGE
          : `${PROVIDER_STAFF_ADDRESS_MESSAGE}. Ask ${invitation.organization_name} to invite another address.`}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button asChild>
          <Link to="/auth">Sign in</Link>
        </Button>
        {existingAccount ? (
          <Button asChild variant="outline">
            <Link to="/verify-otp?mode=reset">Forgot password?</Link>
          </Button>
        ) : null}
      </div>
    </div>
  );
}
