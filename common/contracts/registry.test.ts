import { describe, expect, it } from "vitest";
import { defineRoute } from "./http.ts";
import { isRouteContract, routeRegistry, routesOf } from "./registry.ts";
import * as team from "./team.ts";

describe("route registry", () => {
  it("holds every route contract each module exports, once", () => {
    const ids = routeRegistry.map((route) => route.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expect.arrayContaining(routesOf(team).map((route) => route.id)));
    expect(routesOf(team).length).toBeGreaterThan(0);
  });

  it("gives each method and path one contract", () => {
    const labels = routeRegistry.map((route) => `${route.method} ${route.path}`);
    expect(new Set(labels).size).toBe(labels.length);
  });

  it("tells route contracts from the schemas and constants a module also exports", () => {
    const route = defineRoute({ id: "x", method: "get", path: "/api/x", summary: "x", tag: "x", access: "public", response: team.teamMemberSchema });
    expect(isRouteContract(route)).toBe(true);
    expect(isRouteContract(team.teamMemberSchema)).toBe(false);
    expect(isRouteContract({ id: "x", method: "fetch", path: "/x", access: "public", response: {} })).toBe(false);
    expect(isRouteContract("getTeam")).toBe(false);
    expect(routesOf({ route, schema: team.teamMemberSchema, limit: 5 })).toEqual([route]);
  });
});
