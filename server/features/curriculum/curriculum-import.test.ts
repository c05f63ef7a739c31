import { fileURLToPath } from "node:url";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { milestoneOrganizations, milestones, topics, userTopicProgress } from "#server/db/schema/index";
import type { Runtime } from "#server/runtime";
import { buildMemberOrganization } from "#tests/factories";
import { createTestRuntime, uniqueSuffix } from "#tests/test-runtime";
import type { Curriculum } from "./curriculum-manifest.ts";
import { DEFAULT_CURRICULUM_FOLDER, ensureDefaultCurriculum } from "./curriculum-seed.ts";
import { readStoredCurriculum } from "./export-curriculum.ts";
import { importCurriculum } from "./import-curriculum.ts";
import { readCurriculumFolder } from "./read-curriculum-folder.ts";

// The curriculum is global and, on PostgreSQL, shared by every test file at once: these tests
// import the default curriculum plus entries of their own (unique keys), so the default entries
// other tests read never change.

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

describe("the curriculum in the database", () => {
  it("is loaded at start from the default folder, every list whole and in the manifest's order", async () => {
    expect(await ensureDefaultCurriculum(runtime.database.db)).toBe(false);
    const stored = await readStoredCurriculum(runtime.database.db);
    const defaultKeys = (list: keyof Curriculum) => defaults[list].map((entry) => entry.key);
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
    const db = runtime.database.db;
    await importCurriculum(db, withExtraMilestone(tag));
    const [milestone] = await db.select().from(milestones).where(eq(milestones.key, `m-${tag}`));
    const [topic] = await db.select().from(topics).where(eq(topics.key, `t-${tag}`));
    const discovery = (await db.select().from(milestones).where(eq(milestones.key, "discovery")))[0];
    expect(milestone?.prerequisiteMilestoneIds).toEqual([discovery?.id]);
    await db.insert(milestoneOrganizations).values({ organizationId: organization.id, milestoneId: milestone!.id, completionStatus: "completed", completedAt: new Date() });
    await db.insert(userTopicProgress).values({ organizationId: organization.id, profileId: member.id, topicId: topic!.id, completionStatus: "complete" });

    const result = await importCurriculum(db, withExtraMilestone(tag, `Renamed ${tag}`));
    expect(result.milestones).toBe(defaults.milestones.length + 1);
    const [renamed] = await db.select().from(milestones).where(eq(milestones.key, `m-${tag}`));
    expect(renamed).toMatchObject({ id: milestone!.id, title: `Renamed ${tag}` });
    const progress = await db.select().from(userTopicProgress).where(and(eq(userTopicProgress.organizationId, organization.id), eq(userTopicProgress.topicId, topic!.id)));
    expect(progress).toHaveLength(1);
    const status = await db.select().from(milestoneOrganizations).where(eq(milestoneOrganizations.organizationId, organization.id));
    expect(status).toEqual([expect.objectContaining({ milestoneId: milestone!.id, completionStatus: "completed" })]);
  });

  it("removes the entries a new curriculum no longer has, with their progress, and keeps the rest", async () => {
    const tag = uniqueSuffix();
    const { organization, member } = await buildMemberOrganization(runtime);
    const db = runtime.database.db;
    await importCurriculum(db, withExtraMilestone(tag));
    const [topic] = await db.select().from(topics).where(eq(topics.key, `t-${tag}`));
    await db.insert(userTopicProgress).values({ organizationId: organization.id, profileId: member.id, topicId: topic!.id, completionStatus: "in_progress" });

    const result = await importCurriculum(db, defaults);
    expect(result.removed).toBeGreaterThanOrEqual(4);
    expect(await db.select().from(milestones).where(eq(milestones.key, `m-${tag}`))).toEqual([]);
    expect(await db.select().from(userTopicProgress).where(eq(userTopicProgress.organizationId, organization.id))).toEqual([]);
    const stored = await readStoredCurriculum(db);
    expect(stored.milestones.map((entry) => entry.key)).toEqual(defaults.milestones.map((entry) => entry.key));
  });

  it("changes nothing when the import fails part-way (one transaction)", async () => {
    const tag = uniqueSuffix();
    const db = runtime.database.db;
    const broken = withExtraMilestone(tag);
    // A course naming a lesson that is not in the list passes no folder check; the import throws.
    broken.courses.push({ key: `c2-${tag}`, title: "Broken", modules: [], sidebar: true, lessons: [`missing-${tag}`] });
    await expect(importCurriculum(db, broken)).rejects.toThrow(`unknown key "missing-${tag}"`);
    expect(await db.select().from(milestones).where(eq(milestones.key, `m-${tag}`))).toEqual([]);
  });
});
