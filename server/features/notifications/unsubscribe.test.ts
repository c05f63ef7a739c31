import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Runtime } from "#server/runtime";
import { type TestUser, buildMemberOrganization, buildUser, call } from "#tests/factories";
import { activityOf, outboxTo, reportActivity, seedEntry, unsubscribeLinkIn } from "#tests/notifications-test-kit";
import { createTestRuntime } from "#tests/test-runtime";
import { createActivityNotifier } from "./activity-notifier.service.ts";
import { buildUnsubscribeUrl } from "./notification-delivery.service.ts";
import { signUnsubscribeToken } from "./unsubscribe-token.ts";

let runtime: Runtime;
beforeAll(async () => {
  runtime = await createTestRuntime();
});
afterAll(async () => {
  await runtime.close();
});

const BROWSER = { accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8" };
/** What a mail client sends for a one-click unsubscribe (RFC 8058): no cookie, no Origin. */
const ONE_CLICK = { "content-type": "application/x-www-form-urlencoded" };

const pathOf = (url: string) => url.replace("http://portal.test", "");
const open = (url: string, headers: Record<string, string> = BROWSER) => runtime.app.request(pathOf(url), { headers });
const post = (url: string, headers: Record<string, string> = ONE_CLICK) =>
  runtime.app.request(pathOf(url), { method: "POST", headers, body: "List-Unsubscribe=One-Click" });

async function emailChoices(person: TestUser) {
  return (await (await call(runtime, "/api/notification-preferences", { as: person })).json()).preferences;
}

async function mailedMember() {
  const { organization, member } = await buildMemberOrganization(runtime);
  const colleague = await buildUser(runtime, { organizationId: organization.id });
  const notifier = createActivityNotifier(runtime.notifications);
  const assign = async () => {
    const entry = await seedEntry(runtime, organization.id, { assignedTo: member.id });
    await reportActivity(runtime, notifier, (tx) => notifier.entryAssigned(tx, activityOf(entry, colleague.id)));
  };
  await assign();
  const [mail] = await outboxTo(runtime, member.email);
  if (!mail) throw new Error("no assignment email");
  return { member, mail, assign };
}

describe("the unsubscribe link of an email", () => {
  it("opens a page that asks to confirm, with no script, and changes nothing", async () => {
    const { member, mail } = await mailedMember();
    const link = unsubscribeLinkIn(mail.textBody);
    expect(mail.details).toMatchObject({ headers: { "List-Unsubscribe": `<${link}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" } });

    const page = await open(link);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    expect(page.headers.get("content-security-policy")).toContain("script-src 'self'");
    const html = await page.text();
    expect(html).toContain("<li>An entry is assigned to me</li>");
    expect(html).toContain('<form method="post"><button type="submit">Unsubscribe</button></form>');
    expect(html).not.toMatch(/<script|javascript:|\son\w+=/i);
    expect(html).not.toContain(member.email);
    expect(await emailChoices(member)).toContainEqual({ kind: "assigned", in_app: true, email: true });
  });

  it("turns the kind's email off by one-click POST without a cookie or Origin; the next one is not mailed", async () => {
    const { member, mail, assign } = await mailedMember();
    const response = await post(unsubscribeLinkIn(mail.textBody));
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("You will no longer get emails about:");
    expect(html).toContain("<li>An entry is assigned to me</li>");
    const choices = await emailChoices(member);
    expect(choices).toContainEqual({ kind: "assigned", in_app: true, email: false });
    expect(choices).toContainEqual({ kind: "comment", in_app: true, email: true });

    await assign();
    expect(await outboxTo(runtime, member.email)).toHaveLength(1);
    // The same link again, from the page's button this time: still off, still answered.
    expect((await post(unsubscribeLinkIn(mail.textBody), { ...ONE_CLICK, ...BROWSER, origin: "http://portal.test" })).status).toBe(200);
  });

  it("accepts the post from a webmail on another origin, while other writes from there stay refused", async () => {
    const { member, mail } = await mailedMember();
    const webmail = { ...ONE_CLICK, origin: "https://mail.example", "sec-fetch-site": "cross-site" };
    expect((await post(unsubscribeLinkIn(mail.textBody), webmail)).status).toBe(200);
    expect(await emailChoices(member)).toContainEqual({ kind: "assigned", in_app: true, email: false });

    const elsewhere = await runtime.app.request("/api/notifications/read", {
      method: "POST",
      headers: { ...webmail, "content-type": "application/json", cookie: member.cookie },
      body: JSON.stringify({ all: true }),
    });
    expect(elsewhere.status).toBe(403);
  });

  it("turns off both reminder kinds from a digest's link", async () => {
    const { member } = await mailedMember();
    const link = buildUnsubscribeUrl(runtime.notifications, member.id, ["due_tomorrow", "overdue"]);
    expect(await (await post(link)).text()).toContain("<li>An entry of mine is due tomorrow</li><li>An entry of mine is overdue</li>");
    const choices = await emailChoices(member);
    expect(choices).toContainEqual({ kind: "due_tomorrow", in_app: true, email: false });
    expect(choices).toContainEqual({ kind: "overdue", in_app: true, email: false });
    expect(choices).toContainEqual({ kind: "assigned", in_app: true, email: true });
  });

  it("answers a tampered or foreign link with a 400 page to people and the error body to programs, and changes nothing", async () => {
    const { member, mail } = await mailedMember();
    const link = unsubscribeLinkIn(mail.textBody);
    const [payload = "", signature = ""] = new URL(link).searchParams.get("token")?.split(".") ?? [];
    const someoneElse = Buffer.from(JSON.stringify({ userId: "someone-else", kinds: ["assigned"] })).toString("base64url");
    const forged = signUnsubscribeToken(randomBytes(32), { userId: member.id, kinds: ["assigned"] });
    const flipped = `${signature.slice(0, -2)}${signature.endsWith("AA") ? "BB" : "AA"}`;
    const base = "http://portal.test/api/notifications/unsubscribe?token=";
    for (const token of [`${payload}.${flipped}`, `${someoneElse}.${signature}`, forged, `${payload}.${signature}.x`, "not.a.token.at.all"]) {
      for (const answer of [await open(`${base}${token}`), await post(`${base}${token}`, { ...ONE_CLICK, ...BROWSER })]) {
        expect(answer.status, token).toBe(400);
        expect(answer.headers.get("content-type")).toMatch(/^text\/html/);
        expect(await answer.text()).toContain("This unsubscribe link is not valid");
      }
      const program = await post(`${base}${token}`);
      expect(program.status).toBe(400);
      expect(await program.json()).toEqual({ error: { code: "bad_request", message: "This unsubscribe link is not valid" } });
    }
    expect(await emailChoices(member)).toContainEqual({ kind: "assigned", in_app: true, email: true });
  });
});
