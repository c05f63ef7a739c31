import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";
import { ACTION_LOG_PAGE_SIZE, ACTION_LOG_SORTS, type ActionLogSort } from "#common/contracts/action-log";
import {
  ACTION_LOG_PAGE_TYPES,
  ACTION_LOG_PRIORITIES,
  ACTION_LOG_STATUSES,
  ACTION_LOG_TYPES,
  type ActionLogPage,
  type ActionLogPriority,
  type ActionLogStatus,
  type ActionLogType,
} from "#common/domain/action-log";
import type { ActionLogFilters } from "#web/features/action-log/api/action-log-api.ts";

export type ActionLogView = "list" | "board";
export type SortDirection = "asc" | "desc";

/**
 * What a list page shows, kept in the address so that a saved or shared link shows the same, and
 * Back and Forward step through filter changes. `entry` is the entry whose details are open.
 */
export interface ActionLogAddress {
  view: ActionLogView;
  type: ActionLogType | null;
  status: ActionLogStatus | "active" | null;
  priority: ActionLogPriority | null;
  /** "me", "unassigned" or a user id. */
  assignee: string | null;
  overdue: boolean;
  q: string;
  sort: ActionLogSort | null;
  dir: SortDirection | null;
  /** 1-based. */
  page: number;
  entry: string | null;
}

export const EMPTY_FILTERS = { type: null, status: null, priority: null, assignee: null, overdue: false, q: "" } as const satisfies Partial<ActionLogAddress>;

function oneOf<T extends string>(values: readonly T[], value: string | null): T | null {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;
}

export function parseActionLogAddress(params: URLSearchParams): ActionLogAddress {
  const page = Number(params.get("page"));
  const status = params.get("status");
  return {
    view: params.get("view") === "board" ? "board" : "list",
    type: oneOf(ACTION_LOG_TYPES, params.get("type")),
    status: status === "active" ? "active" : oneOf(ACTION_LOG_STATUSES, status),
    priority: oneOf(ACTION_LOG_PRIORITIES, params.get("priority")),
    assignee: params.get("assignee")?.trim() || null,
    overdue: params.get("overdue") === "1",
    q: params.get("q") ?? "",
    sort: oneOf(ACTION_LOG_SORTS, params.get("sort")),
    dir: oneOf(["asc", "desc"] as const, params.get("dir")),
    page: Number.isInteger(page) && page > 1 ? page : 1,
    entry: params.get("entry") || null,
  };
}

/** The address's query with only what differs from the defaults. */
export function actionLogAddressQuery(address: ActionLogAddress): URLSearchParams {
  const params = new URLSearchParams();
  if (address.view === "board") params.set("view", "board");
  if (address.type) params.set("type", address.type);
  if (address.status) params.set("status", address.status);
  if (address.priority) params.set("priority", address.priority);
  if (address.assignee) params.set("assignee", address.assignee);
  if (address.overdue) params.set("overdue", "1");
  if (address.q.trim()) params.set("q", address.q);
  if (address.sort) params.set("sort", address.sort);
  if (address.sort && address.dir) params.set("dir", address.dir);
  if (address.page > 1) params.set("page", String(address.page));
  if (address.entry) params.set("entry", address.entry);
  return params;
}

/** Whether any filter or search narrows the list. */
export function isFiltered(address: ActionLogAddress): boolean {
  return address.type !== null || address.status !== null || address.priority !== null || address.assignee !== null || address.overdue || address.q.trim() !== "";
}

/** The list route's query for the address on `page` (the search as typing last paused). */
export function filtersOf(address: ActionLogAddress, page: ActionLogPage | null, search: string): Omit<ActionLogFilters, "limit" | "offset"> {
  const filters: Omit<ActionLogFilters, "limit" | "offset"> = {};
  if (page) filters.page = page;
  // A typed page lists its own types only: another in the address (edited by hand) is ignored.
  if (address.type && (!page || (ACTION_LOG_PAGE_TYPES[page] as readonly ActionLogType[]).includes(address.type))) filters.type = address.type;
  if (address.status) filters.status = address.status;
  if (address.priority) filters.priority = address.priority;
  if (address.assignee) filters.assignee = address.assignee;
  if (address.overdue) filters.overdue = "1";
  if (search.trim()) filters.q = search.trim();
  if (address.sort) {
    filters.sort = address.sort;
    filters.dir = address.dir ?? firstDirection(address.sort);
  }
  return filters;
}

export function pageOffset(page: number): number {
  return (page - 1) * ACTION_LOG_PAGE_SIZE;
}

/** Which way a column sorts first, as the server does: newest, soonest due, most urgent or risky first. */
export function firstDirection(sort: ActionLogSort): SortDirection {
  return sort === "due_date" || sort === "title" || sort === "status" ? "asc" : "desc";
}

/** A click on a column's heading: sorts by it, or turns its direction round. */
export function nextSort(address: Pick<ActionLogAddress, "sort" | "dir">, sort: ActionLogSort): { sort: ActionLogSort; dir: SortDirection } {
  if (address.sort !== sort) return { sort, dir: firstDirection(sort) };
  return { sort, dir: (address.dir ?? firstDirection(sort)) === "asc" ? "desc" : "asc" };
}

/** The page's address and a way to change part of it; a change of filters goes back to page 1. */
export function useActionLogAddress() {
  const [params, setParams] = useSearchParams();
  const address = useMemo(() => parseActionLogAddress(params), [params]);
  const go = useCallback(
    (change: Partial<ActionLogAddress>, { replace = false }: { replace?: boolean } = {}) => {
      const narrows = Object.keys(change).some((key) => key !== "page" && key !== "entry" && key !== "view");
      setParams((current) => actionLogAddressQuery({ ...parseActionLogAddress(current), ...(narrows ? { page: 1 } : {}), ...change }), { replace });
    },
    [setParams],
  );
  return { address, go };
}
