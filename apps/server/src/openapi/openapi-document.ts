import { claimComponents, claimPaths } from "./claim-openapi.ts";
import { insurerComponents, insurerPaths } from "./insurer-openapi.ts";

// The OpenAPI 3.1 documents of Kalinga's public calls, generated from the domain's tables of calls
// (docs/decisions/0073): each family's served under its own prefix, and both in one, checked in at
// docs/api/openapi.json by `npm run openapi`.

const ERROR_NOTE =
  "Every answer that is not a success is a Problem: a stable error code, a message for a person, and each field at fault with the rule it broke.";

export function insurerOpenApiDocument() {
  return {
    openapi: "3.1.0",
    info: { title: "Kalinga insurer integration API", version: "1", description: ERROR_NOTE },
    components: insurerComponents(),
    security: [{ integrationKey: [] }],
    paths: insurerPaths(),
  };
}

export function claimOpenApiDocument() {
  return {
    openapi: "3.1.0",
    info: {
      title: "Kalinga claim API",
      version: "1",
      description:
        "The calls of the claim widget and of claim tracking. Every answer that is not a success is a ClaimError; a refusal the widget acts on is 417 with its returnCode.",
    },
    components: claimComponents(),
    paths: claimPaths(),
  };
}

/** Both families in one document. */
export function openApiDocument() {
  const claim = claimComponents();
  const insurer = insurerComponents();
  return {
    openapi: "3.1.0",
    info: {
      title: "Kalinga API",
      version: "1",
      description:
        "The claim API (/api/claims: errors are a ClaimError) and the insurer integration API (/api/insurer: errors are a Problem).",
    },
    components: {
      securitySchemes: { ...claim.securitySchemes, ...insurer.securitySchemes },
      schemas: { ...claim.schemas, ...insurer.schemas },
    },
    paths: { ...claimPaths(), ...insurerPaths() },
  };
}
