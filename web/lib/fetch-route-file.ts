import type { RouteContract } from "#common/contracts/http";
import { readDispositionFileName } from "#common/domain/content-disposition";
import { type CallArgs, type LooseCall, type RouteCall, sendRouteRequest } from "./api-client.ts";

/** A downloaded file the server answered without naming it. */
const UNNAMED_DOWNLOAD = "download";

/**
 * Calls a route that answers a file (a CSV export, a template, a zip) and returns it as a File
 * named as the server's Content-Disposition names it, asking for the media type the contract
 * says it produces; failures as callRoute reports them. Its own module: only the pages that
 * download load it, not the first screens with the API client.
 */
export async function fetchRouteFile<C extends RouteContract>(contract: C, ...[call]: CallArgs<RouteCall<C>>): Promise<File> {
  const response = await sendRouteRequest(contract, (call ?? {}) as LooseCall, contract.produces ?? "application/octet-stream");
  const name = readDispositionFileName(response.headers.get("content-disposition")) ?? UNNAMED_DOWNLOAD;
  return new File([await response.arrayBuffer()], name, { type: response.headers.get("content-type") ?? "" });
}
