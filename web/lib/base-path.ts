/** The portal runs under /MemberPortal when the address starts with it (spec §2), else at "/". */
export const MEMBER_PORTAL_BASE = "/MemberPortal";

export function detectBasename(pathname: string): string {
  return pathname === MEMBER_PORTAL_BASE || pathname.startsWith(`${MEMBER_PORTAL_BASE}/`) ? MEMBER_PORTAL_BASE : "";
}
