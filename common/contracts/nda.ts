import { z } from "zod";
import { singleLineText } from "./text-fields.ts";
import { NDA_STATUSES } from "../domain/nda-status.ts";
import { defineRoute } from "./http.ts";

export const ndaStatusSchema = z.enum(NDA_STATUSES);

export const NDA_SIGNER_TEXT_MAX = 200;
export const NDA_TEMPLATE_TITLE_MAX = 200;
export const NDA_TEMPLATE_BODY_MAX = 100_000;
export const NDA_AGREEMENT_MESSAGE = "You must agree to the NDA to sign it";

export const ndaTemplateSchema = z.object({
  version: z.number().int(),
  title: z.string(),
  body: z.string(),
  /** True while no employee has saved a template: the built-in mutual NDA (version 1). */
  is_default: z.boolean(),
  updated_at: z.string().nullable(),
});
export type NdaTemplate = z.infer<typeof ndaTemplateSchema>;

export const ndaSchema = z.object({
  id: z.uuid(),
  organization_id: z.uuid(),
  status: ndaStatusSchema,
  template_version: z.number().int(),
  /** The text as signed: later template versions never change it. */
  title: z.string(),
  body: z.string(),
  member_signer_name: z.string(),
  member_signer_title: z.string(),
  member_signer_email: z.string(),
  member_signed_at: z.string(),
  provider_signer_name: z.string().nullable(),
  provider_signer_title: z.string().nullable(),
  provider_signed_at: z.string().nullable(),
  /** Whether a PDF is stored (GET /api/nda/:ndaId/document links to it). */
  has_document: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Nda = z.infer<typeof ndaSchema>;

export const ndaOverviewSchema = z.object({
  /** The organization the NDA is with (employees read the page from the provider's side). */
  organization_name: z.string(),
  /** The organization's NDAs, newest first. */
  ndas: z.array(ndaSchema),
  template: ndaTemplateSchema,
  /** Whether the newest NDA counts as signed (signed-by-prospect or signed-by-all). */
  signed: z.boolean(),
});
export type NdaOverview = z.infer<typeof ndaOverviewSchema>;

export const updateNdaTemplateBodySchema = z.object({
  title: singleLineText("Title", NDA_TEMPLATE_TITLE_MAX),
  body: z
    .string({ error: "The NDA text is required" })
    .trim()
    .min(1, { error: "The NDA text is required" })
    .max(NDA_TEMPLATE_BODY_MAX, { error: `The NDA text must be at most ${NDA_TEMPLATE_BODY_MAX.toLocaleString("en-US")} characters` }),
});
export type UpdateNdaTemplateBody = z.infer<typeof updateNdaTemplateBodySchema>;

export const countersignNdaBodySchema = z.object({
  full_name: singleLineText("Full name", NDA_SIGNER_TEXT_MAX),
  /** The signer's job title. */
  title: singleLineText("Title", NDA_SIGNER_TEXT_MAX),
});
export type CountersignNdaBody = z.infer<typeof countersignNdaBodySchema>;

export const signNdaBodySchema = countersignNdaBodySchema.extend({
  agreed: z.literal(true, { error: NDA_AGREEMENT_MESSAGE }),
});
export type SignNdaBody = z.infer<typeof signNdaBodySchema>;

export const ndaDocumentLinkSchema = z.object({
  /** A signed link to the PDF; anyone holding it can download it until it expires. */
  url: z.string(),
  expires_in_seconds: z.number().int(),
});
export type NdaDocumentLink = z.infer<typeof ndaDocumentLinkSchema>;

const tag = "NDA";

export const getNdaTemplateRoute = defineRoute({
  id: "getNdaTemplate",
  method: "get",
  path: "/api/nda/template",
  summary: "The current mutual NDA template (the built-in text until an employee saves one)",
  tag,
  access: "organization",
  response: ndaTemplateSchema,
});

export const updateNdaTemplateRoute = defineRoute({
  id: "updateNdaTemplate",
  method: "put",
  path: "/api/nda/template",
  summary: "Save the NDA template as a new version (employees); signed NDAs keep their text",
  tag,
  access: "employee",
  body: updateNdaTemplateBodySchema,
  response: ndaTemplateSchema,
});

export const listNdasRoute = defineRoute({
  id: "listNdas",
  method: "get",
  path: "/api/nda",
  summary: "The acting organization's NDAs newest first, the current template and whether it is signed",
  tag,
  access: "organization",
  response: ndaOverviewSchema,
});

export const signNdaRoute = defineRoute({
  id: "signNda",
  method: "post",
  path: "/api/nda/sign",
  summary: "Sign the mutual NDA for the organization (members; 409 when already signed)",
  tag,
  access: "organization",
  body: signNdaBodySchema,
  response: ndaSchema,
  successStatus: 201,
});

export const countersignNdaRoute = defineRoute({
  id: "countersignNda",
  method: "post",
  path: "/api/nda/:ndaId/countersign",
  summary: "Countersign an NDA the organization has signed (employees)",
  tag,
  access: "organization",
  body: countersignNdaBodySchema,
  response: ndaSchema,
});

export const getNdaDocumentRoute = defineRoute({
  id: "getNdaDocument",
  method: "get",
  path: "/api/nda/:ndaId/document",
  summary: "A signed link (3,600 s) to the NDA's PDF",
  tag,
  access: "organization",
  response: ndaDocumentLinkSchema,
});
