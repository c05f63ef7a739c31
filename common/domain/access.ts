import { hasBusinessAspect } from "./business-aspect-match.ts";
import { EXTENSIONS_ROUTE, extensionNotActiveReason, isExtensionId } from "./extensions.ts";
import { ALWAYS_VISIBLE_PERMISSION, resolveMenuVersion } from "./menu-config.ts";
import { findItemForPath, findNavItem, sectionOfItem, type AccessItemId } from "./navigation-items.ts";

/**
 * The one place that decides, from facts, what a user sees in the navigation and which pages and
 * API calls they may use (spec §2, §6). The server refuses gated calls with checkItemAccess and
 * answers the web each item's menu state and page verdict (describeItemAccess); the web draws the
 * menu and guards routes from that answer, which decides as checkRouteAccess does.
 */

// Denial reasons go under the "Access Restricted" toast title and into 403 messages. The NDA,
// launchpad and Launch Plan texts are the spec's own (§6, §8); the others are ours.
export const ACCESS_RESTRICTED_TITLE = "Access Restricted";
export const NDA_REQUIRED_REASON = "Complete the NDA step first to access this page";
export const LAUNCH_PLAN_LOCKED_REASON = "Complete the launchpad to gain access to Launch Plan!";
export const NOT_AVAILABLE_REASON = "This page is not available for your organization";
export const EMPLOYEE_ONLY_REASON = "This page is only available to provider employees";
export const PROVIDER_ADMINISTRATOR_ONLY_REASON = "Only the provider administrator can open this page";
export const NOT_IN_BUSINESS_ASPECTS_REASON = "This page is not part of your business aspects";
export const NOT_IN_MENU_VERSION_REASON = "This page is not part of your menu version";
/** Why a provider-domain address cannot be a member of a customer organization (decision 030). */
export const PROVIDER_STAFF_ADDRESS_MESSAGE =
  "Addresses on the provider's email domain are for the provider's staff; they cannot be members of a customer organization";

/** `Complete all launchpad steps first (N% complete)`, N rounded. */
export function launchpadIncompleteReason(launchpadPercent: number): string {
  return `Complete all launchpad steps first (${toWholePercent(launchpadPercent)}% complete)`;
}

/**
 * Items whose pages need the organization's NDA signed. The Action Log lists the entries of the
 * five gated typed pages, so it follows them (decision 041).
 */
export const NDA_GATED_ITEMS = [
  "data-setup", "acumatica-tenant", "tasks", "configuration", "issues", "decisions", "risks", "open-requests", "action-log",
] as const satisfies readonly AccessItemId[];

/** Only employees see these (etl-admin stays open to employees on the provider's domain even when excluded). */
export const EMPLOYEE_ONLY_ITEMS = ["etl-admin", "acumatica-settings", "help-inbox"] as const satisfies readonly AccessItemId[];

// ---- Facts ----

export interface AccessFacts {
  isEmployee: boolean;
  email: string;
  /** The acting organization's NDA (see isNdaSigned). */
  ndaSigned: boolean;
  /** Launchpad completion, 0–100; rounded before use. */
  launchpadPercent: number;
  /** The organization's business-aspects answer. */
  businessAspects: readonly string[];
  menu: { excludeItems: readonly string[]; customPermissions: Readonly<Record<string, string>> };
  /** Items hidden for this user alone. */
  userExcludedItems: readonly string[];
  /** The provider's own e-mail domain ("provider.com"); null disables the rule. */
  providerEmailDomain: string | null;
  /** The one provider administrator's e-mail; null means nobody. */
  providerAdminEmail: string | null;
  /** The organization's menu version; missing means "v1". */
  menuVersion?: string | null;
  /** The extensions active for the organization (common/domain/extensions.ts); missing means none. */
  activeExtensions?: readonly string[];
}

export { hasBusinessAspect };

export function hasEcommerceAspect(businessAspects: readonly string[]): boolean {
  return hasBusinessAspect(businessAspects, "eCommerce");
}

export function hasManufacturingAspect(businessAspects: readonly string[]): boolean {
  return hasBusinessAspect(businessAspects, "Manufacturing");
}

export function hasDistributionAspect(businessAspects: readonly string[]): boolean {
  return hasBusinessAspect(businessAspects, "Distribution");
}

/**
 * True only when the part after the last "@" is exactly the provider's domain (case-insensitive):
 * evilprovider.com, provider.com.evil and sub.provider.com do not qualify.
 */
export function isProviderDomainEmail(email: string, providerEmailDomain: string | null): boolean {
  const domain = providerEmailDomain?.trim().toLowerCase().replace(/^@/, "");
  if (!domain) return false;
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf("@");
  return at > 0 && address.slice(at + 1) === domain;
}

/** An employee account on the provider's own e-mail domain: the provider's staff (decision 030). */
export function isProviderStaff(facts: Pick<AccessFacts, "isEmployee" | "email" | "providerEmailDomain">): boolean {
  return facts.isEmployee && isProviderDomainEmail(facts.email, facts.providerEmailDomain);
}

/** True only for the one provider administrator (case-insensitive; nobody when unset). */
export function isProviderAdministrator(email: string, providerAdminEmail: string | null): boolean {
  const admin = providerAdminEmail?.trim().toLowerCase();
  return Boolean(admin) && email.trim().toLowerCase() === admin;
}

/** Who may delete an action log entry once its page is open (others edit; deleting loses its history). */
export function canDeleteActionLog(caller: { userId: string; isEmployee: boolean }, creatorId: string | null): boolean {
  return caller.isEmployee || (creatorId !== null && creatorId === caller.userId);
}

// ---- Decisions ----

/**
 * An item's place in the menu. "locked" items stay listed: requires "nda" opens the NDA Required
 * dialog instead of navigating; requires "launchpad" is disabled with `reason` as its tooltip.
 */
export type NavItemState =
  | { state: "visible" }
  | { state: "hidden"; reason: string }
  | { state: "locked"; reason: string; requires: "nda" | "launchpad" };

export type AccessDecision = { allowed: true } | { allowed: false; reason: string; redirectTo: string };

/**
 * `enforced: false` marks menu-only rules: the page itself stays reachable. `pageReason`, when
 * set, is why the page is refused where that differs from the menu's reason; `redirectTo`, where
 * a refusal lands when that differs from deniedRedirectFor.
 */
interface Verdict {
  state: NavItemState;
  enforced: boolean;
  pageReason?: string;
  redirectTo?: string;
}

const VISIBLE: Verdict = { state: { state: "visible" }, enforced: true };

function hidden(reason: string, enforced = true): Verdict {
  return { state: { state: "hidden", reason }, enforced };
}

function locked(reason: string, requires: "nda" | "launchpad", enforced = true): Verdict {
  return { state: { state: "locked", reason, requires }, enforced };
}

function toWholePercent(percent: number): number {
  return Number.isFinite(percent) ? Math.min(100, Math.max(0, Math.round(percent))) : 0;
}

function isExcluded(id: AccessItemId, facts: AccessFacts): boolean {
  const matches = (entry: unknown) => typeof entry === "string" && entry.trim().toLowerCase() === id;
  return facts.menu.excludeItems.some(matches) || facts.userExcludedItems.some(matches);
}

function isEmployeeOnly(id: AccessItemId, facts: AccessFacts): boolean {
  if (id === "extensions") {
    const permissions = facts.menu.customPermissions;
    return !(Object.hasOwn(permissions, "extensions") && permissions.extensions === ALWAYS_VISIBLE_PERMISSION);
  }
  return (EMPLOYEE_ONLY_ITEMS as readonly string[]).includes(id);
}

/** Hiding rules, section first so that a hidden section hides its children. */
function findHidingVerdict(id: AccessItemId, facts: AccessFacts): Verdict | null {
  const section = sectionOfItem(id);
  for (const candidate of section ? [section, id] : [id]) {
    if (isExcluded(candidate, facts)) return hidden(NOT_AVAILABLE_REASON);
    if (!facts.isEmployee && isEmployeeOnly(candidate, facts)) return hidden(EMPLOYEE_ONLY_REASON);
  }
  // Menu-only: the spec guards neither page, it only leaves them out of the menu.
  if (id === "ecommerce" && !hasEcommerceAspect(facts.businessAspects)) {
    return hidden(NOT_IN_BUSINESS_ASPECTS_REASON, false);
  }
  const onlyInVersion = findNavItem(id)?.menuVersion;
  if (onlyInVersion && resolveMenuVersion(facts.menuVersion) !== onlyInVersion) {
    return hidden(NOT_IN_MENU_VERSION_REASON, false);
  }
  return null;
}

function evaluateItem(id: AccessItemId, facts: AccessFacts): Verdict {
  if (id === "administration-page") {
    return isProviderAdministrator(facts.email, facts.providerAdminEmail)
      ? VISIBLE
      : hidden(PROVIDER_ADMINISTRATOR_ONLY_REASON);
  }
  // "Always allowed" (spec §6): the provider's own people keep ETL Admin whatever the menu says.
  // The domain counts only on an employee account: an address is whatever an inviter typed
  // (decision 030).
  if (id === "etl-admin" && isProviderStaff(facts)) return VISIBLE;
  // The help inbox and the portfolio span every organization: its menu exclusions do not reach them.
  if (id === "help-inbox" || id === "portfolio") return facts.isEmployee ? VISIBLE : hidden(EMPLOYEE_ONLY_REASON);

  const hiding = findHidingVerdict(id, facts);
  if (hiding?.enforced) return hiding;
  // The extension guard (spec §2): open once active for the organization; refusals land on /extensions.
  if (isExtensionId(id) && !facts.isEmployee && !(facts.activeExtensions ?? []).includes(id)) {
    return { ...hidden(extensionNotActiveReason(id)), redirectTo: EXTENSIONS_ROUTE };
  }
  const gate = findGateVerdict(id, facts);
  // A menu-only rule (another menu version) hides the item, but the page it leaves reachable
  // keeps its gates: /action-log before the NDA is refused like /tasks.
  if (hiding && gate?.state.state === "locked") return { state: hiding.state, enforced: true, pageReason: gate.state.reason };
  if (hiding) return hiding;
  return gate ?? VISIBLE;
}

/** The locks of the journey: the NDA, then the launchpad. */
function findGateVerdict(id: AccessItemId, facts: AccessFacts): Verdict | null {
  const launchpadComplete = toWholePercent(facts.launchpadPercent) >= 100;
  if ((NDA_GATED_ITEMS as readonly string[]).includes(id) && !facts.ndaSigned) {
    return locked(NDA_REQUIRED_REASON, "nda");
  }
  if (id === "guided-walkthrough" && !launchpadComplete) {
    return locked(launchpadIncompleteReason(facts.launchpadPercent), "launchpad");
  }
  // Guarded, pages and API alike: "/" opens the Launch Plan only once the launchpad is complete,
  // and a denial lands on the dashboard (deniedRedirectFor), so nothing loops.
  if (id === "system-refinement" && !launchpadComplete) {
    return locked(LAUNCH_PLAN_LOCKED_REASON, "launchpad");
  }
  return null;
}

/** How the navigation shows an item (sections included). */
export function getNavItemState(id: AccessItemId, facts: AccessFacts): NavItemState {
  return evaluateItem(id, facts).state;
}

/**
 * Where a denial of `id` sends the user: the NDA page for the ERP tenant, the dashboard for the
 * Launch Plan (home would send them back to it), else home.
 */
export function deniedRedirectFor(id: AccessItemId): string {
  if (id === "acumatica-tenant") return "/nda";
  return id === "system-refinement" ? "/dashboard" : "/";
}

function decidePage(id: AccessItemId, { state, enforced, pageReason, redirectTo }: Verdict): AccessDecision {
  if (state.state === "visible" || !enforced) return { allowed: true };
  const landing = redirectTo ?? deniedRedirectFor(id);
  if (pageReason !== undefined) return { allowed: false, reason: pageReason, redirectTo: landing };
  return { allowed: false, reason: state.reason, redirectTo: landing };
}

/**
 * Whether the user may use the item's page or API. The server answers 403 with `reason` as the
 * message when it is not allowed.
 */
export function checkItemAccess(id: AccessItemId, facts: AccessFacts): AccessDecision {
  return decidePage(id, evaluateItem(id, facts));
}

/**
 * What gates an entity: the navigation item whose page shows it, and for a help request (Get
 * Expert Help) who raised it.
 */
export interface EntityGate {
  itemId: AccessItemId;
  helpRequest?: { creatorId: string | null };
}

/** The person looking at an entity, for the rules that depend on who they are. */
export interface EntityViewer {
  userId: string;
  isEmployee: boolean;
  /** Their role in the organization ("member_admin", "member_user"; an employee's is irrelevant). */
  role: string;
}

/**
 * Whether `viewer` may open the entity: its item's page rule, except that a help request is open
 * to its author, the organization's admins and provider employees whatever the NDA: asking for
 * help is never locked (Get Expert Help works before the NDA), so neither is its answer.
 */
export function checkEntityAccess(gate: EntityGate, viewer: EntityViewer, facts: AccessFacts): AccessDecision {
  const decision = checkItemAccess(gate.itemId, facts);
  if (decision.allowed || !gate.helpRequest || facts.ndaSigned) return decision;
  const { creatorId } = gate.helpRequest;
  const involved = viewer.isEmployee || viewer.role === "member_admin" || (creatorId !== null && creatorId === viewer.userId);
  return involved ? checkItemAccess(gate.itemId, { ...facts, ndaSigned: true }) : decision;
}

/** An item's place in the menu and its page verdict, from one evaluation of the rules. */
export interface ItemAccess {
  state: NavItemState;
  /** What checkItemAccess decides: menu-only rules hide or lock the item but leave this allowed. */
  page: AccessDecision;
}

export function describeItemAccess(id: AccessItemId, facts: AccessFacts): ItemAccess {
  const verdict = evaluateItem(id, facts);
  return { state: verdict.state, page: decidePage(id, verdict) };
}

/** The route guard: checks the item guarding `path`; paths no item guards are allowed. */
export function checkRouteAccess(path: string, facts: AccessFacts): AccessDecision {
  const id = findItemForPath(path);
  return id ? checkItemAccess(id, facts) : { allowed: true };
}
