import type { FastifyInstance } from "fastify";
import { CLAIM_API_PREFIX } from "../http/claim-call-routes.ts";
import { claimOpenApiDocument } from "./openapi-document.ts";

// The claim API's OpenAPI document, served without the api key (decision 0073): it describes the
// calls the widget's bundle already shows, and the api key is public in the host page anyway.

const CLAIM_OPEN_API_PATH = `${CLAIM_API_PREFIX}/openapi.json`;

export async function claimOpenApiRoute(app: FastifyInstance) {
  const document = claimOpenApiDocument();
  app.get(CLAIM_OPEN_API_PATH, async () => document);
}
