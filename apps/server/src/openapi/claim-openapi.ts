import { API_KEY_HEADER, UPLOAD_DOCUMENT_FIELDS } from "@kalinga/domain/claim-api";
import { CLAIM_CALLS } from "@kalinga/domain/claim-calls";
import { REFUSALS, type RefusalCode } from "@kalinga/domain/refusals";
import type * as z from "zod/mini";
import { CLAIM_API_PREFIX } from "../http/claim-call-routes.ts";
import { errorAnswers, type JsonSchema, jsonContent, jsonSchema } from "./json-schema.ts";

// The claim and tracking calls' part of the OpenAPI document, from CLAIM_CALLS: a JSON (or, for an
// upload, multipart) body, a JSON answer, and every refusal a ClaimError with its returnCode.

/** A row of the claim table as the document reads it; the fields a row lacks are left out. */
type ClaimRow = {
  path: string;
  credential: "api-key" | "claim-token" | "verified-claim-token";
  encoding: "json" | "multipart";
  request: unknown;
  idempotent: boolean;
  method?: string;
  summary?: string;
  responseSchema?: z.ZodMiniType;
  refusals?: readonly RefusalCode[];
};

const CLAIM_ERROR = { $ref: "#/components/schemas/ClaimError" };

/** What any claim call may answer before its handler runs (docs/decisions/0015, 0030). */
const CHAIN_ANSWERS = {
  400: "Bad input: each field with its message in errors",
  401: "No api key or an unknown one, or a missing, expired or unknown claim token",
  403: "The token is not verified by the OTP, or belongs to another claim",
  429: "Above a limit: Retry-After, or a proof-of-work challenge to solve",
  500: "A failure on the server",
};

const returnCodeOf = (code: RefusalCode) => {
  const meaning = REFUSALS[code] as { status: number; returnCode?: string };
  return `${code} (returnCode ${meaning.returnCode ?? meaning.status})`;
};

function requestBodyOf(row: ClaimRow) {
  const schema = jsonSchema(row.request as z.ZodMiniType);
  if (row.encoding === "json") return { required: true, ...jsonContent(schema) };
  const properties = {
    ...(schema.properties as Record<string, JsonSchema> | undefined),
    [UPLOAD_DOCUMENT_FIELDS.file]: { type: "string", format: "binary" },
  };
  const required = [
    ...((schema.required as string[] | undefined) ?? []),
    UPLOAD_DOCUMENT_FIELDS.file,
  ];
  return {
    required: true,
    content: { "multipart/form-data": { schema: { ...schema, properties, required } } },
  };
}

function operationOf(name: string, row: ClaimRow) {
  const chain = Object.entries(CHAIN_ANSWERS).map(([status, description]) => [
    status,
    { description, ...jsonContent(CLAIM_ERROR) },
  ]);
  return {
    operationId: name,
    summary: row.summary ?? name,
    security: row.credential === "api-key" ? [{ apiKey: [] }] : [{ apiKey: [], claimToken: [] }],
    requestBody: requestBodyOf(row),
    responses: {
      200: {
        description: "The call's answer",
        ...jsonContent(
          row.responseSchema ? jsonSchema(row.responseSchema, "output") : { type: "object" },
        ),
      },
      ...Object.fromEntries(chain),
      ...errorAnswers(row.refusals ?? [], CLAIM_ERROR, returnCodeOf),
    },
  };
}

export function claimComponents() {
  return {
    securitySchemes: {
      apiKey: { type: "apiKey", in: "header", name: API_KEY_HEADER },
      claimToken: { type: "http", scheme: "bearer" },
    },
    schemas: {
      ClaimError: {
        type: "object",
        required: ["returnCode", "message"],
        properties: {
          returnCode: {
            type: "string",
            description: "A refusal's returnCode (RETURN_CODES), or the HTTP status as text",
          },
          message: { type: "string" },
        },
      },
    },
  };
}

/** Every claim and tracking call by its path under /api/claims, in the table's order. */
export function claimPaths() {
  const rows = Object.entries(CLAIM_CALLS) as [string, ClaimRow][];
  return Object.fromEntries(
    rows.map(([name, row]) => [
      `${CLAIM_API_PREFIX}${row.path}`,
      { [(row.method ?? "POST").toLowerCase()]: operationOf(name, row) },
    ]),
  );
}
