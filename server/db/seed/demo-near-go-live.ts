import { nearGoLiveLaunchpadAnswers } from "./demo-launchpad-answers.ts";
import { answerConfiguration, completeLaunchpadPages, completeMilestones, connectQuickBooks, saveLockedEstimate, signMutualNda } from "./demo-onboarding.ts";
import type { OrganizationSeed } from "./demo-seed-kit.ts";

/** Contoso Outfitters, a week from go-live: everything signed and submitted, most of the plan done, no open high risks. */
export async function seedNearGoLiveOrganization(seed: OrganizationSeed): Promise<void> {
  await signMutualNda(seed, { fullName: "Casey Owner", title: "Managing Director" });
  await completeLaunchpadPages(seed, nearGoLiveLaunchpadAnswers());
  await saveLockedEstimate(seed, "Standard Edition", "SE");
  await connectQuickBooks(seed);
  await answerConfiguration(seed, { submit: true });
  await completeMilestones(seed, 0.85);
}
