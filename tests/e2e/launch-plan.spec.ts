import type { Locator, Page } from "@playwright/test";
import { expectToast, openSecondPage, switchOrganization } from "./harness/launchpad-steps.ts";
import { completeLaunchpad, createEmployee, createMemberOrganization, E2E_VIDEO_MILESTONE_KEY, expect, includeMilestone, signInTo, test } from "./harness/portal-fixtures.ts";
import { expectNoAxeViolations } from "./harness/axe.ts";

/** A milestone's card on the Launch Plan, found by its title. */
function milestoneCard(page: Page, title: string): Locator {
  return page.locator("[aria-labelledby]").filter({ has: page.getByRole("heading", { name: title, level: 2, exact: true }) });
}

function courseOutline(page: Page): Locator {
  return page.getByRole("navigation", { name: /outline/i });
}

/** A member of a new organization whose launchpad is complete and NDA signed, signed in on `path`. */
async function openPlanAsMember(page: Page, path = "/") {
  const { organization, members } = await createMemberOrganization(1, { role: "member_admin" });
  await completeLaunchpad(organization.id);
  const member = members[0]!;
  await signInTo(page, "/dashboard", member);
  const signed = await page.request.post("/api/nda/sign", { data: { full_name: member.fullName, title: "Chief Financial Officer", agreed: true } });
  expect(signed.status()).toBe(201);
  await page.goto(path);
  return { organization, member };
}

test.describe("the launch plan", () => {
  test("a member learns through a course, completes a milestone, and another tab sees the next one unlock", { tag: "@realtime" }, async ({ page, browser, baseURL }) => {
    // Two browsers through a whole milestone: close to 30 s alone on a busy 2-core machine.
    test.setTimeout(60_000);
    const { member } = await openPlanAsMember(page);
    // The index opens the Launch Plan once the launchpad is complete.
    await expect(page).toHaveURL(/\/system-refinement$/);
    await expect(page.getByRole("heading", { name: "Launch Plan", level: 1 })).toBeVisible();
    const financial = milestoneCard(page, "Financial set-up");
    await expect(financial.getByText("Complete the following milestones first: Discovery and kick-off", { exact: true })).toBeVisible();
    await expect(financial.getByRole("button", { name: /Mark as complete/ })).toHaveCount(0);
    await expectNoAxeViolations(page, "/system-refinement");

    const second = await openSecondPage(browser, baseURL);
    await signInTo(second.page, "/system-refinement", member);
    await expect(milestoneCard(second.page, "Financial set-up").getByText("Complete the following milestones first: Discovery and kick-off")).toBeVisible();

    // A reading, then a survey: the lesson's count, the course bar and the breadcrumb follow.
    await milestoneCard(page, "Discovery and kick-off").getByRole("link", { name: "Kick-off and current state" }).click();
    await expect(page.getByRole("heading", { name: "Kick-off and current state", level: 1 })).toBeVisible();
    await expectNoAxeViolations(page, "course page");
    const outline = courseOutline(page);
    await expect(outline.getByText("0/2 topics complete").first()).toBeVisible();
    await outline.getByRole("button", { name: /The kick-off meeting/ }).click().catch(() => {});
    await page.getByRole("link", { name: /Running the kick-off meeting/ }).first().click();
    const trail = page.getByRole("navigation", { name: "Breadcrumb" });
    await expect(trail).toContainText("Launch Plan/Discovery and kick-off/Kick-off and current state/The kick-off meeting/Running the kick-off meeting");
    await expectNoAxeViolations(page, "reading topic");
    await page.getByRole("button", { name: "Mark as complete" }).click();
    await expect(page.getByText("Completed", { exact: true })).toBeVisible();
    await expect(outline.getByText("1/2 topics complete")).toBeVisible();

    // The survey's go-live question is Timeline Planning's: shown from there, not asked again.
    const goLive = `${new Date().getUTCFullYear() + 2}-04-01`;
    const timeline = await page.request.put("/api/launchpad/pages/timeline-planning", { data: { mode: "complete", answers: { go_live_date: goLive, key_dates: [] } } });
    expect(timeline.status()).toBe(200);
    await page.getByRole("link", { name: /Project readiness check/ }).first().click();
    await expect(page.getByRole("heading", { name: "Project readiness check", level: 1 })).toBeVisible();
    await expectNoAxeViolations(page, "survey topic");
    await page.getByRole("group", { name: /executive sponsor/ }).getByLabel("Yes").check();
    await page.getByRole("group", { name: /core project team/ }).getByLabel("25% to 50%").check();
    const goLiveQuestion = page.getByRole("group", { name: /target go-live date/ });
    await expect(goLiveQuestion.getByRole("link", { name: "Timeline Planning" })).toHaveAttribute("href", "/timeline");
    await expect(goLiveQuestion.getByRole("textbox")).toHaveCount(0);
    await page.getByRole("group", { name: /Which systems does the ERP replace/ }).getByLabel("Spreadsheets").check();
    // A survey completes once every one of its questions is answered.
    await page.getByLabel(/three problems/).fill("Month-end close takes two weeks; stock counts never match; no margin by channel.");
    await page.getByRole("button", { name: "Submit answers" }).click();
    await expect(page.getByText("Completed", { exact: true })).toBeVisible();
    await expect(outline.getByText("2/2 topics complete")).toBeVisible();
    await expect(page.getByRole("progressbar").first()).toHaveAttribute("aria-valuenow", "50");

    // The activity of the second lesson.
    await page.goto("/system-refinement");
    await milestoneCard(page, "Discovery and kick-off").getByRole("link", { name: "Kick-off and current state" }).click();
    await courseOutline(page).getByRole("button", { name: /Current state review/ }).click().catch(() => {});
    const activity = courseOutline(page).getByRole("link", { name: /Map your current processes/i });
    await activity.click();
    await page.getByRole("button", { name: "Mark as done" }).click();
    await expect(page.getByText("Completed", { exact: true })).toBeVisible();

    // Completing the milestone unlocks the next one in the other tab, without a reload.
    await page.goto("/system-refinement");
    await milestoneCard(page, "Discovery and kick-off").getByRole("button", { name: /Mark as complete/ }).click();
    // Its second course is not done: completing it now is confirmed (milestone-completion.spec.ts).
    const early = page.getByRole("alertdialog", { name: "Complete Discovery and kick-off early?" });
    await expect(early).toContainText(/of 2 courses (is|are) not complete\. Complete the milestone anyway\?/);
    await early.getByRole("button", { name: "Complete anyway" }).click();
    await expectToast(page, "Milestone Completed", "This milestone has been marked as completed.");
    await expect(milestoneCard(second.page, "Financial set-up").getByText("Complete the following milestones first")).toHaveCount(0);
    await expect(milestoneCard(second.page, "Financial set-up").getByRole("button", { name: /Mark as complete/ })).toBeVisible();
    await second.close();
  });

  test("a video topic completes when marked; a breadcrumb label over 60 characters is cut and shown whole in a tooltip", async ({ page }) => {
    const { organization } = await openPlanAsMember(page);
    const milestoneId = await includeMilestone(organization.id, E2E_VIDEO_MILESTONE_KEY);
    // The video's host is not reachable from the test: the player shows its error, the page goes on.
    await page.route("https://videos.e2e.test/**", (route) => route.fulfill({ status: 404, body: "" }));
    await page.goto(`/milestone/${milestoneId}`);
    const title = "Watching the walkthrough video of your new ERP system from start to finish";
    await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
    await page.getByRole("link", { name: /The system tour/ }).first().click();
    await expect(page.getByRole("heading", { name: "The system tour", level: 1 })).toBeVisible();
    await page.getByRole("link", { name: /^Start/ }).first().click();
    await expect(page.getByRole("heading", { name: "Welcome video", level: 1 })).toBeVisible();
    const crumb = page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: title });
    // Seen: the cut label; read by assistive technology: the whole one.
    await expect(crumb.locator("[aria-hidden='true']")).toHaveText(`${title.slice(0, 59).trimEnd()}…`);
    await crumb.hover();
    await expect(page.getByRole("tooltip")).toHaveText(title);
    await expectNoAxeViolations(page, "video topic");
    await page.getByRole("button", { name: "Mark as complete" }).click();
    await expect(page.getByText("Completed", { exact: true })).toBeVisible();
  });

  test("an employee locks an estimate with Manufacturing and the member's plan gains that milestone live, with its reason", { tag: "@realtime" }, async ({ page, browser, baseURL }) => {
    const { organization } = await openPlanAsMember(page, "/system-refinement");
    await expect(page.getByRole("heading", { name: "Launch Plan", level: 1 })).toBeVisible();
    await expect(milestoneCard(page, "Manufacturing")).toHaveCount(0);

    const employeePage = await openSecondPage(browser, baseURL);
    await signInTo(employeePage.page, "/dashboard", await createEmployee());
    await switchOrganization(employeePage.page, organization.organization_name);
    const headers = { "x-organization-id": organization.id };
    const saved = await employeePage.page.request.post("/api/pricing/estimates", { headers, data: { name: "With manufacturing", edition_id: "EE", lines: [] } });
    expect(saved.status()).toBe(201);
    const estimate = (await saved.json()) as { id: string };
    for (const action of ["primary", "lock"]) {
      expect((await employeePage.page.request.post(`/api/pricing/estimates/${estimate.id}/${action}`, { headers })).status()).toBe(200);
    }
    const manufacturing = milestoneCard(page, "Manufacturing");
    await expect(manufacturing).toBeVisible();
    await expect(manufacturing.getByText("Included because your locked estimate has Manufacturing")).toBeVisible();
    await employeePage.close();
  });

  test("submitting a configuration module moves the dashboard's reading", async ({ page }) => {
    await openPlanAsMember(page, "/dashboard");
    const before = await (await page.request.get("/api/dashboard")).json();
    // Financial Setup and Timeline Planning answer some of the questions; the rest are answered here.
    const pages = {
      "financial-setup": { fiscal_year_start_month: 1, period_type: "monthly", base_currency: "USD", entities: [{ name: "Main" }] },
      "timeline-planning": { go_live_date: `${new Date().getUTCFullYear() + 2}-01-04`, key_dates: [] },
    };
    for (const [pageId, answers] of Object.entries(pages)) {
      expect((await page.request.put(`/api/launchpad/pages/${pageId}`, { data: { mode: "complete", answers } })).status()).toBe(200);
    }
    const questionnaire = await (await page.request.get("/api/configuration")).json();
    type Question = { key: string; kind: string; options: string[]; required: boolean; answered_in: unknown };
    const module = [...questionnaire.modules].sort((a, b) => a.required_total - b.required_total)[0];
    const valueFor = (question: Question) =>
      ({ yes_no: true, single_choice: question.options[0], multiple_choice: [question.options[0]], number: 1, date: "2027-01-01", text: "Our answer" })[question.kind];
    const answers = module.questions
      .filter((question: Question) => question.required && question.answered_in === null)
      .map((question: Question) => ({ question_key: question.key, value: valueFor(question) }));
    if (answers.length > 0) expect((await page.request.put("/api/configuration/responses", { data: { answers } })).status()).toBe(200);

    await page.goto("/configuration");
    await expect(page.getByRole("heading", { name: "Configuration", level: 1 })).toBeVisible();
    await expectNoAxeViolations(page, "/configuration");
    await page.getByRole("tab", { name: new RegExp(module.module) }).click().catch(() => {});
    await page.getByRole("button", { name: /Submit module/ }).first().click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Submit module" }).click();
    await expect(page.getByText(/^Submitted .* by /).first()).toBeVisible();

    await page.goto("/dashboard");
    const after = await (await page.request.get("/api/dashboard")).json();
    expect(after.flag_percent).toBeGreaterThan(before.flag_percent);
    await expect(page.getByText("Configuration submitted", { exact: false }).first()).toBeVisible();
  });

  test("Education, the guided walkthrough and a lesson have no axe violations; a locked Launch Plan lands on the dashboard", async ({ page }) => {
    await openPlanAsMember(page, "/education");
    await expect(page.getByRole("heading", { name: "Education", level: 1 })).toBeVisible();
    await expectNoAxeViolations(page, "/education");
    await page.goto("/guided-walkthrough");
    await expect(page.getByRole("heading", { name: "Guided Walkthrough", level: 1 })).toBeVisible();
    await expectNoAxeViolations(page, "/guided-walkthrough");
    await page.goto("/launchpad");
    await expect(page).toHaveURL(/\/milestone\/[0-9a-f-]{36}$/);
    await expectNoAxeViolations(page, "milestone page");

    // A member whose launchpad is not complete: "/" is the dashboard, a typed Launch Plan is refused.
    const fresh = await createMemberOrganization();
    await page.context().clearCookies();
    await signInTo(page, "/dashboard", fresh.members[0]!);
    await page.goto("/");
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto("/system-refinement");
    await expect(page).toHaveURL(/\/dashboard$/);
    await expectToast(page, "Access Restricted", "Complete the launchpad to gain access to Launch Plan!");
  });
});
