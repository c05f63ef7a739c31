import { ensureServerBuild } from "../../scripts/build-server.ts";

/** The standalone tests start the portal as `npm start` runs it: from its build, made here when stale. */
export default async function setup() {
  await ensureServerBuild();
}
