import { fileURLToPath } from "node:url";
import { strFromU8, strToU8, unzipSync, zipSync } from "fflate";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { milestoneOrganizations, milestones, topics, userTopicProgress } from "#server/db/schema/index";
import type { Transaction } from "#server/db/database";
import type { Runtime } from "#server/runtime";
import { type TestUser, buildMemberOrganization, buildUser, call } from "#tests/factories";
import { TEST_ORIGIN, createTestRuntime, uniqueSuffix } from "#tests/test-runtime";
import type { Curriculum, ManifestListName } from "./curriculum-manifest.ts";
import { DEFAULT_CURRICULUM_FOLDER, ensureDefaultCurriculum } from "./curriculum-seed.ts";
import { readStoredCurriculum } from "./export-curriculum.ts";
import { importCurriculum, writeCurriculum } from "./import-curriculum.ts";
import { readCurriculumFolder } from "./read-curriculum-folder.ts";

// The curriculum is global and, on PostgreSQL, shared by every test file at once: these tests
// import inside a transaction that holds the curriculum's lock and is rolled back at the end, so
// no other test ever sees their entries, and the curriculum stays the default one.

let runtime: Runtime;
let defaults: Curriculum;
beforeAll(async () => {
  runtime = await createTestRuntime();
  const read = await readCurriculumFolder(fileURLToPath(DEFAULT_CURRICULUM_FOLDER));
  if (!read.curriculum) throw new Error("the default curriculum does not read");
  defaults = read.curriculum;
});
afterAll(async () => {
  await runtime.close();
});

/** The default curriculum with one more milestone → course → lesson → reading topic, keyed by `tag`. */
function withExtraMilestone(tag: string, title = `Extra ${tag}`): Curriculum {
  return {
    milestones: [
      ...defaults.milestones,
      { key: `m-${tag}`, title, goals: ["Learn"], prerequisites: ["discovery"], modules: ["Manufacturing"], courses: [`c-${tag}`] },
    ],
    courses: [...defaults.courses, { key: `c-${tag}`, title: `Course ${tag}`, modules: [], sidebar: true, lessons: [`l-${tag}`] }],
    lessons: [...defaults.lessons, { key: `l-${tag}`, title: `Lesson ${tag}`, topics: [`t-${tag}`], questions: [] }],
    topics: [...defaults.topics, { key: `t-${tag}`, title: `Topic ${tag}`, type: "reading", body: `topics/t-${tag}.md`, questions: [], body_markdown: `# ${title}\n\nRead this.\n` }],
    configuration_questions: defaults.configuration_questions,
  };
}

const ROLLBACK = new Error("rolled back on purpose");

/** Runs `work` in a transaction that is rolled back afterwards; imports inside it are never seen outside. */
async function inRolledBackTransaction(work: (tx: Transaction) => Promise<void>): Promise<void> {
  await expect(
    runtime.database.db.transaction(async (tx) => {
      await work(tx);
      throw ROLLBACK;
    }),
  ).rejects.toBe(ROLLBACK);
}

describe("the curriculum in the database", () => {
  it("is loaded at start from the default folder, every list whole and in the manifest's order", async () => {
    expect(await ensureDefaultCurriculum(runtime.database.db)).toBe(false);
    const stored = await readStoredCurriculum(runtime.database.db);
    const defaultKeys = (list: ManifestListName) => defaults[list].map((entry) => entry.key);
    for (const list of ["milestones", "courses", "lessons", "topics", "configuration_questions"] as const) {
      expect(stored[list].map((entry) => entry.key).filter((key) => defaultKeys(list).includes(key)), list).toEqual(defaultKeys(list));
    }
    const financial = stored.milestones.find((entry) => entry.key === "financial-setup");
    expect(financial).toEqual(defaults.milestones.find((entry) => entry.key === "financial-setup"));
    const firstTopic = defaults.topics.find((entry) => entry.body_markdown !== null);
    expect(stored.topics.find((entry) => entry.key === firstTopic?.key)?.body_markdown).toBe(firstTopic?.body_markdown);
  });

  it("re-importing keeps ids and every organization's progress on kept keys, and updates the text", async () => {
    const tag = uniqueSuffix();
    const { organization, member } = await buildMemberOrganization(runtime);
    await inRolledBackTransaction(async (tx) => {
      await writeCurriculum(tx, withExtraMilestone(tag));
      const [milestone] = await tx.select().from(milestones).where(eq(milestones.key, `m-${tag}`));
      const [topic] = await tx.select().from(topics).where(eq(topics.key, `t-${tag}`));
      const discovery = (await tx.select().from(milestones).where(eq(milestones.key, "discovery")))[0];
      expect(milestone?.prerequisiteMilestoneIds).toEqual([discovery?.id]);
      await tx.insert(milestoneOrganizations).values({ organizationId: organization.id, milestoneId: milestone!.id, completionStatus: "completed", completedAt: new Date() });
      await tx.insert(userTopicProgress).values({ organizationId: organization.id, profileId: member.id, topicId: topic!.id, completionStatus: "complete" });

      const result = await writeCurriculum(tx, withExtraMilestone(tag, `Renamed ${tag}`));
      expect(result.milestones).toBe(defaults.milestones.length + 1);
      const [renamed] = await tx.select().from(milestones).where(eq(milestones.key, `m-${tag}`));
      expect(renamed).toMatchObject({ id: milestone!.id, title: `Renamed ${tag}` });
      const progress = await tx.select().from(userTopicProgress).where(and(eq(userTopicProgress.organizationId, organization.id), eq(userTopicProgress.topicId, topic!.id)));
      expect(progress).toHaveLength(1);
      const status = await tx.select().from(milestoneOrganizations).where(eq(milestoneOrganizations.organizationId, organization.id));
      expect(status).toEqual([expect.objectContaining({ milestoneId: milestone!.id, completionStatus: "completed" })]);
    });
    expect(await runtime.database.db.select().from(milestones).where(eq(milestones.key, `m-${tag}`))).toEqual([]);
  });

  it("removes the entries a new curriculum no longer has, with their progress, and keeps the rest", async () => {
    const tag = uniqueSuffix();
    const { organization, member } = await buildMemberOrganization(runtime);
    await inRolledBackTransaction(async (tx) => {
      await writeCurriculum(tx, withExtraMilestone(tag));
      const [topic] = await tx.select().from(topics).where(eq(topics.key, `t-${tag}`));
      await tx.insert(userTopicProgress).values({ organizationId: organization.id, profileId: member.id, topicId: topic!.id, completionStatus: "in_progress" });

      const result = await writeCurriculum(tx, defaults);
      expect(result.removed).toBe(4);
      expect(await tx.select().from(milestones).where(eq(milestones.key, `m-${tag}`))).toEqual([]);
      expect(await tx.select().from(userTopicProgress).where(eq(userTopicProgress.organizationId, organization.id))).toEqual([]);
      const stored = await readStoredCurriculum(tx);
      expect(stored.milestones.map((entry) => entry.key)).toEqual(defaults.milestones.map((entry) => entry.key));
    });
  });

  it("changes nothing when the import fails part-way (one transaction)", async () => {
    const tag = uniqueSuffix();
    const db = runtime.database.db;
    const broken = withExtraMilestone(tag);
    // A course naming a lesson that is not in the list passes no folder check; the import throws.
    broken.courses.push({ key: `c2-${tag}`, title: "Broken", modules: [], sidebar: true, lessons: [`missing-${tag}`] });
    await expect(importCurriculum(db, broken)).rejects.toThrow(`unknown key "missing-${tag}"`);
    // Nothing of it was written: the transaction rolled back whole.
    expect(await db.select().from(milestones).where(eq(milestones.key, `m-${tag}`))).toEqual([]);
  });
});

describe("the employees' curriculum routes", () => {
  const upload = (as: TestUser, bytes: Uint8Array, contentType = "application/zip") =>
    runtime.app.request("/api/curriculum/import", {
      method: "POST",
      headers: { origin: TEST_ORIGIN, cookie: as.cookie, "x-forwarded-for": as.ip, "content-type": contentType },
      body: new Uint8Array(bytes),
    });

  it("lists the curriculum, exports it as a zip of its folder, and imports that zip back unchanged", async () => {
    const employee = await buildUser(runtime, { isEmployee: true });
    const overview = await (await call(runtime, "/api/curriculum", { as: employee })).json();
    expect(overview.counts.milestones).toBe(defaults.milestones.length);
    expect(overview.milestones[1]).toMatchObject({ key: "financial-setup", prerequisites: ["Discovery and kick-off"] });
    expect(overview.milestones[0].courses[0]).toMatchObject({ key: "project-charter", has_sidebar: false, lessons: 2 });

    const exported = await call(runtime, "/api/curriculum/export", { as: employee });
    expect(exported.status).toBe(200);
    expect(exported.headers.get("content-type")).toBe("application/zip");
    expect(exported.headers.get("content-disposition")).toMatch(/^attachment; filename="launch-plan-curriculum-\d{4}-\d{2}-\d{2}\.zip"$/);
    const zip = new Uint8Array(await exported.arrayBuffer());
    const files = unzipSync(zip);
    expect(strFromU8(files["curriculum.yaml"]!)).toContain("key: financial-setup");
    const reading = defaults.topics.find((topic) => topic.body_markdown !== null)!;
    expect(strFromU8(files[reading.body!]!)).toBe(reading.body_markdown);

    const imported = await upload(employee, zip);
    expect(imported.status, await imported.clone().text()).toBe(200);
    expect(await imported.json()).toEqual({
      milestones: defaults.milestones.length,
      courses: defaults.courses.length,
      lessons: defaults.lessons.length,
      topics: defaults.topics.length,
      configuration_questions: defaults.configuration_questions.length,
      removed: 0,
      // The same curriculum: nothing written, no organization told.
      changed: false,
    });
  });

  it("answers every problem of a bad zip with its file and line and changes nothing; refuses what is not a zip", async () => {
    const employee = await buildUser(runtime, { isEmployee: true });
    const files = unzipSync(new Uint8Array(await (await call(runtime, "/api/curriculum/export", { as: employee })).arrayBuffer()));
    const manifest = strFromU8(files["curriculum.yaml"]!)
      .replace("prerequisites: [discovery]", "prerequisites: [no-such-milestone]")
      .replace("title: Discovery and kick-off", "title: Changed by a bad import");
    const bad = zipSync({ "launch-plan/curriculum.yaml": strToU8(manifest), "launch-plan/topics/notes.md": strToU8("# Unused") });
    const refused = await upload(employee, bad);
    expect(refused.status).toBe(400);
    const { error } = await refused.json();
    expect(error.code).toBe("validation_failed");
    expect(error.details.some((detail: { path: string; message: string }) => /^curriculum\.yaml:\d+$/.test(detail.path) && detail.message.includes("no-such-milestone"))).toBe(true);
    // The body files are missing too: each is reported.
    expect(error.details.length).toBeGreaterThan(10);
    const overview = await (await call(runtime, "/api/curriculum", { as: employee })).json();
    expect(overview.milestones[0].title).toBe("Discovery and kick-off");

    const notZip = await upload(employee, strToU8("key: value\n"), "application/zip");
    expect(notZip.status).toBe(415);
    expect((await upload(employee, zipSync({ "readme.md": strToU8("# nothing") }))).status).toBe(400);
  });
});
