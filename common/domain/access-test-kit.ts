import type { AccessFacts } from "./access.ts";

// Shared by the access rules' tests (access*.test.ts).

/** A member of a customer organization that has done everything. */
export function memberFacts(overrides: Partial<AccessFacts> = {}): AccessFacts {
  return {
    isEmployee: false,
    email: "ana@customer.example",
    ndaSigned: true,
    launchpadPercent: 100,
    businessAspects: ["eCommerce", "Manufacturing", "Distribution"],
    menu: { excludeItems: [], customPermissions: {} },
    userExcludedItems: [],
    providerEmailDomain: "provider.com",
    providerAdminEmail: "boss@provider.com",
    menuVersion: "v2",
    ...overrides,
  };
}

/** A page verdict that refuses with `reason` and sends the user to `redirectTo`. */
export const denied = (reason: string, redirectTo = "/") => ({ allowed: false, reason, redirectTo });
