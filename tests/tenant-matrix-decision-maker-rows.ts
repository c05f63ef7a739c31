import { expect } from "vitest";
import { type DecisionMakerDashboard, downloadBoardSummaryRoute, getDecisionMakerDashboardRoute } from "#common/contracts/decision-maker-dashboard";
import type { Runtime } from "#server/runtime";
import { createEntryOk } from "#tests/action-log-test-kit";
import { changeExtensionOk, openExtensionsToMembers } from "#tests/extensions-test-kit";
import { signNdaOk } from "#tests/onboarding-test-kit";
import type { Expected, MatrixEntry, World } from "#tests/tenant-matrix-rows";

/**
 * Tenant-matrix rows of the Decision-maker Dashboard, merged by tests/tenant-matrix-rows.ts. Each
 * row's setup opens the Extensions section to A's members and activates the extension for A (an
 * employee's activation); A's risk carries the world's tag and counts as A's data.
 */

const ORGANIZATION: Expected = { anonymous: 401, memberA: 200, employeeNamingA: 200, memberBNamingA: 404 };

export function decisionMakerMatrixRows(runtime: () => Runtime): Record<string, MatrixEntry> {
  async function dashboardOfA(world: World): Promise<void> {
    await openExtensionsToMembers(runtime(), world.orgA.id);
    await changeExtensionOk(runtime(), world.employee, "activate", "decision-maker-dashboard", { org: world.orgA.id });
    await signNdaOk(runtime(), world.memberA);
    const title = `Risk of A ${world.tag}`;
    world.secretsOfA.push(title);
    world.fixtures.riskTitle = title;
    await createEntryOk(runtime(), world.memberA, { title, action_log_type: "Risk", impact_level: "High", likelihood: "Likely" });
  }

  return {
    getDecisionMakerDashboard: {
      setup: dashboardOfA,
      call: () => ({ method: "GET", path: getDecisionMakerDashboardRoute.path }),
      expect: ORGANIZATION,
      check: (_caller, body, world) => {
        const dashboard = body as DecisionMakerDashboard;
        expect(dashboard.organization_name).toBe(world.orgA.organization_name);
        expect(dashboard.open_risks.items.map((risk) => risk.title)).toEqual([world.fixtures.riskTitle]);
      },
    },
    downloadBoardSummary: {
      setup: dashboardOfA,
      call: () => ({ method: "GET", path: downloadBoardSummaryRoute.path }),
      expect: ORGANIZATION,
    },
  };
}
