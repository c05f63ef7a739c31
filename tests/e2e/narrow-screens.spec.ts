import type { Page } from "@playwright/test";
import { SHELL_PAGES } from "../../web/app/shell/shell-pages.ts";
import { createEntryByApi } from "./harness/action-log-steps.ts";
import { createFolderThroughApi, pngFile, uploadThroughApi } from "./harness/content-steps.ts";
import { signNda, switchOrganization } from "./harness/launchpad-steps.ts";
import { saveLockedAndOpenEstimates } from "./harness/pricing-steps.ts";
import type { CourseDetail, LaunchPlan } from "../../common/contracts/launch-plan.ts";
import { completeLaunchpad, createMemberOrganization, expect, type MemberOrganization, newEmail, providerAdministrator, signInTo, test } from "./harness/portal-fixtures.ts";

// Issue 13 items 9 and 11: every page of the shell reads at 390 px without sideways scrolling of
// the page, and keeps its row actions on one line at 1440 px, as a member and as an employee, in
// both colour schemes. A page that fails is screenshot whole into the test's output folder.
test.use({ viewport: { width: 390, height: 844 } });

interface PreparedIds {
  estimateId: string;
  /** The first milestone of the plan, its second course, that course's first lesson and topic. */
  milestoneId: string;
  courseId: string;
  lessonId: string;
  topicId: string;
}

/**
 * Every page that exists, with a saved estimate for /price to open (its line table is the widest)
 * and real ids in the learning routes. A page served at several paths (the nested learning forms)
 * is visited once.
 */
function routesOf(ids: PreparedIds): string[] {
  const fill = (path: string) =>
    path.replace(":milestoneId", ids.milestoneId).replace(":courseId", ids.courseId).replace(":lessonId", ids.lessonId).replace(":topicId", ids.topicId);
  const seen = new Set<string>();
  const pages = SHELL_PAGES.filter((page) => {
    const load = page.load.toString();
    if (page.path.startsWith("/system-refinement/") || seen.has(load)) return false;
    seen.add(load);
    return true;
  });
  return [...pages.map((page) => fill(page.path)), `/price?estimate=${ids.estimateId}`, "/no-such-page"];
}

/** A title of the longest kind with no space or hyphen in it (a pasted code): it must wrap, not widen. */
const UNBROKEN_TITLE = `ERP_${"GENERAL_LEDGER_CONFIGURATION_".repeat(7)}`.slice(0, 200);

/**
 * An organization whose admin signed the NDA, saved two estimates, invited a colleague, filled
 * the file library with a folder and an image and logged a task and a risk with an unbroken
 * 200-character title (pages with rows), with its launchpad complete so the Launch Plan's pages
 * open.
 */
async function preparedOrganization(page: Page, baseURL: string): Promise<{ org: MemberOrganization; ids: PreparedIds }> {
  const org = await createMemberOrganization(1, { role: "member_admin" });
  await completeLaunchpad(org.organization.id);
  const admin = org.members[0]!;
  await signInTo(page, "/nda", admin);
  await signNda(page, { fullName: admin.fullName, title: "Chief Executive Officer of a company with a long title" });
  const { open } = await saveLockedAndOpenEstimates(page);
  const invited = await page.request.post("/api/team/invitations", {
    data: { email: newEmail("narrow-screens-invitee-with-a-long-address"), role: "member_user" },
    headers: { origin: baseURL },
  });
  expect(invited.status()).toBe(201);
  await createFolderThroughApi(page, "Signed contracts and statements of work for the implementation");
  for (const type of ["Task", "Risk"]) await createEntryByApi(page.request, { title: UNBROKEN_TITLE, action_log_type: type });
  await uploadThroughApi(page, pngFile("architecture-overview-diagram-final-version.png"), { title: "Architecture overview diagram, final version for the steering committee" });
  const plan = (await (await page.request.get("/api/launch-plan")).json()) as LaunchPlan;
  const milestone = plan.milestones[0]!;
  const courseId = milestone.courses[1]!.id;
  const course = (await (await page.request.get(`/api/launch-plan/courses/${courseId}`)).json()) as CourseDetail;
  const lesson = course.lessons[0]!;
  return { org, ids: { estimateId: open.id, milestoneId: milestone.id, courseId, lessonId: lesson.id, topicId: lesson.topics[0]!.id } };
}

/** The shell scrolls inside its main element, not the document: the viewport grows to show it all. */
async function screenshotWhole(page: Page, name: string) {
  const viewport = page.viewportSize()!;
  const content = await page.evaluate(() => {
    const main = document.getElementById("main-content");
    return main ? main.scrollHeight - main.clientHeight : 0;
  });
  await page.setViewportSize({ width: viewport.width, height: viewport.height + Math.max(0, content) });
  await page.screenshot({ path: test.info().outputPath(name), fullPage: true });
  await page.setViewportSize(viewport);
}

/** The innermost elements reaching past the right edge at the page's width, named for the failure. */
function measureOverflow() {
  const width = document.documentElement.clientWidth;
  const past = [...document.body.querySelectorAll("*")].filter((element) => element.getBoundingClientRect().right > width + 1);
  const innermost = past.filter((element) => !past.some((other) => other !== element && element.contains(other)));
  const describe = (element: Element) =>
    `${element.tagName.toLowerCase()}.${String(element.getAttribute("class") ?? "").slice(0, 60)} "${(element.textContent ?? "").slice(0, 30)}"`;
  // The shell's main element scrolls on its own: content wider than it scrolls the page sideways too.
  const main = document.getElementById("main-content");
  return {
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: width,
    mainOverflows: main !== null && main.scrollWidth > main.clientWidth,
    culprits: innermost.slice(0, 3).map(describe),
  };
}

/** Pages whose table is known to scroll sideways at 1440 px: none since ETL Admin's datasets got five columns and a row menu. */
const TABLES_WIDER_THAN_1440: readonly string[] = [];

/** Tables wider than the box they scroll in. */
function countTablesWiderThanTheirBox() {
  return [...document.querySelectorAll("table")].filter((table) => {
    const box = table.parentElement;
    return box !== null && box.scrollWidth > box.clientWidth + 1;
  }).length;
}

/** Table cells whose actions (buttons, links) sit on more than one line. */
function countWrappedActionCells() {
  return [...document.querySelectorAll("td")]
    .map((cell) => [...cell.querySelectorAll("button, a")].map((action) => Math.round(action.getBoundingClientRect().top)))
    .filter((tops) => tops.length > 1 && new Set(tops).size > 1).length;
}

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

/**
 * Each page is loaded once at 390 px and measured, then widened to 1440 px (the layout is CSS:
 * it follows the width) and measured again. A page that fails is screenshot whole.
 */
async function visitEveryPage(page: Page, routes: readonly string[], label: string, scheme: "light" | "dark") {
  const overflowing: string[] = [];
  const wrapped: string[] = [];
  const scrolling: string[] = [];
  const windowScrolling: string[] = [];
  const shotName = (route: string, width: number) => `${label}-${width}${route.replaceAll(/[/?=]/g, "_")}.png`;
  for (const route of routes) {
    await page.setViewportSize(PHONE);
    await page.goto(route);
    await expect(page.getByRole("heading", { level: 1 }), route).toBeVisible();
    // Pages load their data after the heading; measure the page as it settles.
    await expect(page.getByText(/^Loading .*(\.\.\.|…)$/), route).toHaveCount(0);
    const { scrollWidth, clientWidth, mainOverflows, culprits } = await page.evaluate(measureOverflow);
    if (scrollWidth > clientWidth || mainOverflows) {
      overflowing.push(`${route} (${scrollWidth} px > ${clientWidth} px): ${culprits.join("; ")}`);
      await screenshotWhole(page, shotName(route, PHONE.width));
    }

    // At 1440 px a table row's actions sit on one line.
    await page.setViewportSize(DESKTOP);
    await expect.poll(() => page.evaluate(() => window.innerWidth), route).toBe(DESKTOP.width);
    // Only the shell's main scrolls: the window scrolled past the page's end shows nothing at all.
    const windowHeight = await page.evaluate(() => [document.documentElement.scrollHeight, document.documentElement.clientHeight]);
    if (windowHeight[0]! > windowHeight[1]! + 1) windowScrolling.push(`${route} (${windowHeight[0]} px > ${windowHeight[1]} px)`);
    const cells = await page.evaluate(countWrappedActionCells);
    const tables = TABLES_WIDER_THAN_1440.includes(route) ? 0 : await page.evaluate(countTablesWiderThanTheirBox);
    if (cells > 0 || tables > 0) {
      if (cells > 0) wrapped.push(`${route} (${cells} cells)`);
      if (tables > 0) scrolling.push(`${route} (${tables} tables)`);
      await screenshotWhole(page, shotName(route, DESKTOP.width));
    }
  }
  // Native controls (a date field's picker icon, scrollbars, selects) are drawn in the theme's colours.
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme), "the page's color-scheme").toBe(scheme);
  expect(overflowing, "pages that scroll sideways at 390 px").toEqual([]);
  expect(wrapped, "pages whose row actions wrap at 1440 px").toEqual([]);
  expect(windowScrolling, "pages that scroll the window itself at 1440 px").toEqual([]);
  expect(scrolling, "pages whose tables scroll sideways at 1440 px (a long word must wrap in its cell)").toEqual([]);
}

// The member in light colours and the employee in dark: both roles and both themes are looked at
// (overflow does not depend on the theme), at half the cost of every pairing.
test.describe("light colour scheme", () => {
  test.use({ colorScheme: "light" });

  test("every page fits 390 px for a member admin", async ({ page, baseURL }) => {
    test.setTimeout(120_000);
    const { ids } = await preparedOrganization(page, baseURL!);
    await visitEveryPage(page, routesOf(ids), "member-light", "light");
  });
});

test.describe("dark colour scheme", () => {
  test.use({ colorScheme: "dark" });

  test("every page fits 390 px for an employee acting for the organization", async ({ page, browser, baseURL }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext({ baseURL });
    const { org, ids } = await preparedOrganization(await context.newPage(), baseURL!);
    await context.close();
    await signInTo(page, "/dashboard", await providerAdministrator());
    await switchOrganization(page, org.organization.organization_name);
    await visitEveryPage(page, routesOf(ids), "employee-dark", "dark");
  });
});
