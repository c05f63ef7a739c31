import { useCallback } from "react";
import { useSearchParams } from "react-router";

/** What the library shows, kept in the address so a reload or a shared link shows the same. */
export interface ContentAddress {
  /** `?folder=`: the folder listed; the top when null. */
  folderId: string | null;
  /** `?q=`: a title search across the mission's folders. */
  search: string;
  /** `?mission=`: an earlier mission, read-only; the current one when null. */
  missionId: string | null;
}

/** "?folder=…&q=…&mission=…" with only the parts that are set ("" when none is). */
export function contentAddressQuery({ folderId, search, missionId }: ContentAddress): string {
  const params = new URLSearchParams();
  if (folderId) params.set("folder", folderId);
  if (search.trim()) params.set("q", search.trim());
  if (missionId) params.set("mission", missionId);
  const query = params.toString();
  return query ? `?${query}` : "";
}

/** The address's library state, and a way to change part of it. */
export function useContentAddress() {
  const [params, setParams] = useSearchParams();
  const address: ContentAddress = {
    folderId: params.get("folder") || null,
    search: params.get("q") ?? "",
    missionId: params.get("mission") || null,
  };
  const { folderId, search, missionId } = address;
  const go = useCallback(
    (change: Partial<ContentAddress>, { replace = false }: { replace?: boolean } = {}) => {
      const next = { folderId, search, missionId, ...change };
      setParams(new URLSearchParams(contentAddressQuery(next)), { replace });
    },
    [folderId, search, missionId, setParams],
  );
  return { address, go };
}
