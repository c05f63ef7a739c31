import { z } from "zod";
import { ORGANIZATION_HEADER, type RouteContract } from "#common/contracts/http";
import { errorBodySchema } from "#common/errors";

const errorResponses = {
  "400": "Invalid request",
  "401": "Not signed in",
  "403": "Not allowed",
  "404": "Not found",
  "429": "Too many requests",
} as const;

function jsonSchema(schema: z.ZodType, io: "input" | "output") {
  return z.toJSONSchema(schema, { io, unrepresentable: "any" });
}

/** `/api/items/:id` → `/api/items/{id}`; Better Auth's catch-all becomes `{path}`. */
function toOpenApiPath(path: string): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, "{$1}").replace(/\*$/, "{path}");
}

function describeOperation(route: RouteContract) {
  const parameters: object[] = [];
  for (const match of route.path.matchAll(/:([A-Za-z0-9_]+)|\*$/g)) {
    parameters.push({ name: match[1] ?? "path", in: "path", required: true, schema: { type: "string" } });
  }
  if (route.query instanceof z.ZodObject) {
    for (const [name, schema] of Object.entries(route.query.shape as Record<string, z.ZodType>)) {
      parameters.push({ name, in: "query", required: !schema.safeParse(undefined).success, schema: jsonSchema(schema, "input") });
    }
  }
  // Both levels resolve the acting organization from the header (or `?org=` where headers cannot
  // be sent); only employees may call "employee-organization" routes, so there it is required.
  if (route.access === "organization" || route.access === "employee-organization") {
    parameters.push({
      name: ORGANIZATION_HEADER,
      in: "header",
      required: route.access === "employee-organization",
      description:
        route.access === "organization"
          ? "The organization an employee acts for; members may omit it"
          : "The organization the employee acts for (employees only)",
      schema: { type: "string", format: "uuid" },
    });
  }
  const success = route.produces
    ? { content: { [route.produces]: { schema: { type: "string" } } } }
    : { content: { "application/json": { schema: jsonSchema(route.response, "output") } } };
  const errors = Object.fromEntries(
    Object.entries(errorResponses).map(([status, description]) => [
      status,
      { description, content: { "application/json": { schema: jsonSchema(errorBodySchema, "output") } } },
    ]),
  );
  return {
    operationId: route.id,
    summary: route.summary,
    tags: [route.tag],
    ...(route.access === "public" ? { security: [] } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(route.body
      ? { requestBody: { required: true, content: { "application/json": { schema: jsonSchema(route.body, "input") } } } }
      : {}),
    ...(route.rawBody
      ? {
          requestBody: {
            required: true,
            description: route.rawBody.description,
            content: Object.fromEntries(route.rawBody.mediaTypes.map((type) => [type, { schema: { type: "string" } }])),
          },
        }
      : {}),
    responses: { [String(route.successStatus ?? 200)]: { description: "Success", ...success }, ...errors },
  };
}

/** The OpenAPI 3.1 document, built from the same contracts the server validates with. */
export function buildOpenApiDocument(routes: readonly RouteContract[], serverUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const path = toOpenApiPath(route.path);
    paths[path] = { ...paths[path], [route.method]: describeOperation(route) };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Member Portal API",
      version: "1.0.0",
      description: "Errors always answer `{ \"error\": { \"code\", \"message\", \"details\"? } }`.",
    },
    servers: [{ url: serverUrl }],
    components: {
      // Better Auth prefixes the cookie with __Secure- when the portal is served over https.
      securitySchemes: {
        session: {
          type: "apiKey",
          in: "cookie",
          name: `${serverUrl.startsWith("https://") ? "__Secure-" : ""}better-auth.session_token`,
        },
      },
    },
    security: [{ session: [] }],
    paths,
  };
}
