import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Runtime } from "#server/runtime";
import { type TestUser, buildMemberOrganization, buildUser, call } from "#tests/factories";
import { activityOf, reportActivity, seedEntry, unsubscribeLinkIn } from "#tests/notifications-test-kit";
import { SmtpTestServer } from "#tests/smtp-test-server";
import { createTestRuntime } from "#tests/test-runtime";
import { createActivityNotifier } from "./activity-notifier.service.ts";
import { runDueJobs } from "./notification-jobs.service.ts";

/** Notification emails through the SMTP driver to a real SMTP server, as a mail client receives them. */

const smtp = new SmtpTestServer();
let runtime: Runtime;
beforeAll(async () => {
  runtime = await createTestRuntime({ SMTP_URL: await smtp.start() });
});
afterAll(async () => {
  await runtime.close();
  await smtp.stop();
});

/** Posts the List-Unsubscribe address as a mail client does (RFC 8058): no cookie, no Origin. */
async function clickOneClickUnsubscribe(header: string | undefined): Promise<Response> {
  const url = /^<(https?:\/\/[^>]+)>$/.exec(header ?? "")?.[1];
  if (!url) throw new Error(`no List-Unsubscribe address in ${header}`);
  return runtime.app.request(url.replace("http://portal.test", ""), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: "List-Unsubscribe=One-Click",
  });
}

async function emailChoices(person: TestUser) {
  return (await (await call(runtime, "/api/notification-preferences", { as: person })).json()).preferences;
}

describe("notification emails through SMTP", () => {
  it("sends an assignment at once, escaped, with the one-click unsubscribe headers, which work", async () => {
    const { organization, member } = await buildMemberOrganization(runtime);
    const colleague = await buildUser(runtime, { organizationId: organization.id, fullName: "Carl <Colleague>" });
    const entry = await seedEntry(runtime, organization.id, { title: "Reconcile <Q3> & Q4", assignedTo: member.id, dueDate: "2031-05-01" });
    const notifier = createActivityNotifier(runtime.notifications);
    await reportActivity(runtime, notifier, (tx) => notifier.entryAssigned(tx, activityOf(entry, colleague.id)));

    const mail = await smtp.waitForMessage(member.email);
    expect(mail.subject).toBe(`${entry.reference} was assigned to you: Reconcile <Q3> & Q4`);
    expect(mail.text).toContain(`Carl <Colleague> assigned ${entry.reference} to you in ${organization.organization_name}.`);
    expect(mail.text).toContain("It is due on 2031-05-01.");
    expect(mail.text).toContain(`Open ${entry.reference}: http://portal.test/action-log?entry=${entry.id}`);
    expect(mail.text).toContain("To change all your choices, open Profile from the menu under your name in Member Portal: http://portal.test");
    expect(mail.html).toContain("Reconcile &#60;Q3&#62; &#38; Q4");
    expect(mail.html).not.toContain("<Q3>");
    expect(mail.headers["list-unsubscribe"]).toBe(`<${unsubscribeLinkIn(mail.text)}>`);
    expect(mail.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");

    expect((await clickOneClickUnsubscribe(mail.headers["list-unsubscribe"])).status).toBe(200);
    expect(await emailChoices(member)).toContainEqual({ kind: "assigned", in_app: true, email: false });
  });

  it("sends one digest per person, whose unsubscribe turns off both reminders", async () => {
    const { organization, member } = await buildMemberOrganization(runtime);
    const tomorrow = await seedEntry(runtime, organization.id, { title: "Train the warehouse team", assignedTo: member.id, dueDate: "2031-03-11" });
    const overdue = await seedEntry(runtime, organization.id, { title: "Sign off the data mapping", assignedTo: member.id, dueDate: "2031-02-28" });
    await runDueJobs(runtime.notifications, new Date("2031-03-10T10:00:00Z"), { organizationIds: [organization.id] });

    const digest = await smtp.waitForMessage(member.email);
    expect(smtp.messagesTo(member.email)).toHaveLength(1);
    expect(digest.subject).toBe("Your reminders: 1 due tomorrow, 1 overdue");
    expect(digest.text).toContain(`${tomorrow.reference} Train the warehouse team — due 2031-03-11 (${organization.organization_name})`);
    expect(digest.text).toContain(`${overdue.reference} Sign off the data mapping — due 2031-02-28`);
    expect(digest.text).toContain('"An entry of mine is due tomorrow" and "An entry of mine is overdue" are on in your email choices');
    expect(digest.html).toContain(`<a href="http://portal.test/action-log?entry=${overdue.id}">${overdue.reference}</a>`);

    expect((await clickOneClickUnsubscribe(digest.headers["list-unsubscribe"])).status).toBe(200);
    const choices = await emailChoices(member);
    expect(choices).toContainEqual({ kind: "due_tomorrow", in_app: true, email: false });
    expect(choices).toContainEqual({ kind: "overdue", in_app: true, email: false });
  });
});
