import { z } from "zod";
import { defineRoute } from "./http.ts";

/** Signed file links of the local storage driver point here: `${FILE_ROUTE_PREFIX}<key>?expires=…&signature=…`. */
export const FILE_ROUTE_PREFIX = "/api/files/";

export const signedFileQuerySchema = z.object({
  /** Unix time in seconds after which the link is refused. */
  expires: z.string().max(20),
  signature: z.string().max(100),
  /** The download name the link offers (Content-Disposition), covered by the signature. */
  name: z.string().max(1000).optional(),
});

export const downloadFileRoute = defineRoute({
  id: "downloadFile",
  method: "get",
  path: `${FILE_ROUTE_PREFIX}*`,
  summary: "Downloads a stored file through a signed link (403 when expired or altered, 404 when gone); one Range is answered 206 with those bytes, a range past the end 416",
  tag: "Files",
  // The signature is the credential: whoever holds an unexpired link may download the file.
  access: "public",
  query: signedFileQuerySchema,
  response: z.string(),
  produces: "application/octet-stream",
});
