import { describe, expect, it } from "vitest";
import { getCatalogRoute } from "#common/contracts/pricing-catalog";
import { listEstimatesRoute, unlockEstimateRoute } from "#common/contracts/pricing-estimates";
import { buildOpenApiDocument } from "./openapi.ts";

type Parameter = { name: string; in: string; required: boolean };

function headerOf(document: ReturnType<typeof buildOpenApiDocument>, path: string, method: string): Parameter | undefined {
  const operation = document.paths[path]?.[method] as { parameters?: Parameter[] } | undefined;
  return operation?.parameters?.find((parameter) => parameter.in === "header" && parameter.name === "x-organization-id");
}

describe("the OpenAPI document's organization header", () => {
  const document = buildOpenApiDocument([listEstimatesRoute, unlockEstimateRoute, getCatalogRoute], "http://localhost:3000");

  it("is optional on organization routes (members may omit it)", () => {
    expect(headerOf(document, "/api/pricing/estimates", "get")).toMatchObject({ required: false });
  });

  it("is required on routes an employee calls for an organization", () => {
    expect(headerOf(document, "/api/pricing/estimates/{estimateId}/unlock", "post")).toMatchObject({ required: true });
  });

  it("is absent where no organization is acted for", () => {
    expect(headerOf(document, "/api/pricing/catalog", "get")).toBeUndefined();
  });
});
