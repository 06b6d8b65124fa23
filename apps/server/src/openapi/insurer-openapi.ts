import { CLAIM_STATUSES } from "@kalinga/domain/claim-lifecycle";
import {
  INSURER_CALLS,
  type InsurerCallSpec,
  insurerDocument,
} from "@kalinga/domain/insurer-calls";
import type { RefusalCode } from "@kalinga/domain/refusals";
import {
  errorAnswers,
  type JsonSchema,
  jsonContent,
  jsonSchema,
  openApiPath,
  parametersOf,
} from "./json-schema.ts";

// The insurer integration API's part of the OpenAPI document, from INSURER_CALLS: every answer that
// is not a success is a Problem (decision 0070), each call's refusals its error answers.

/** The rules an error can name (decision 0070). */
const ERROR_RULES = {
  required: "the field is missing",
  type: "the value has the wrong JSON type",
  "unknown-key": "the body has a field this request does not take",
  "one-of": "the value is not one of those listed in the message",
  min: "too short, too small or too few",
  max: "too long, too large or too many",
  format: "the value is not in its form (a UUID, a web reference number, a cursor, …)",
  text: "the text holds characters that cannot be stored",
  date: "not a real calendar date as yyyy-MM-dd",
  "due-date": "a due date before the next working day in Manila or more than 365 days ahead",
  count: "too few or too many records",
  json: "the body is not JSON",
  "max-size": "the body is too large",
  "known-key": "the integration key is missing or unknown",
  exists: "no such claim, document or item",
  route: "no route has this path",
  "allowed-method": "the path does not take this method",
  "allowed-next-status": "the status cannot follow the claim's current status",
  "ask-for-requirements": "PENDING is entered by asking for requirements",
  "required-for-status": "WITH CLAIM DECISION needs the decision",
  "every-open-item-past-due": "closing waits until every open item is past its due date",
  "within-reopen-period": "the reopen period is over",
  "same-request": "the Idempotency-Key was used for another request",
  "not-in-flight": "a request with this Idempotency-Key is still running",
} as const;

/** What any insurer call may answer besides its own refusals. */
const FAMILY_REFUSALS: readonly RefusalCode[] = ["invalid-request", "unauthorized", "server-error"];
const CHANGE_REFUSALS: readonly RefusalCode[] = ["idempotency-in-flight", "idempotency-mismatch"];
const BODY_REFUSALS: readonly RefusalCode[] = ["body-too-large", "unsupported-media-type"];

const PROBLEM = { $ref: "#/components/schemas/Problem" };
const DOCUMENT = { $ref: "#/components/schemas/Document" };

/** An unknown status is bad input like any other field's, answered invalid-request. */
const problemCode = (code: RefusalCode) => (code === "unknown-status" ? "invalid-request" : code);

function refusalsOf(spec: InsurerCallSpec): RefusalCode[] {
  return [
    ...FAMILY_REFUSALS,
    ...(spec.idempotent ? CHANGE_REFUSALS : []),
    ...(spec.body ? BODY_REFUSALS : []),
    ...spec.refusals,
  ];
}

/** A claim's documents named by the shared Document schema. */
function answerSchema(spec: InsurerCallSpec): JsonSchema {
  const schema = jsonSchema(spec.response, "output");
  const properties = schema.properties as Record<string, JsonSchema> | undefined;
  if (properties?.documents) properties.documents = { type: "array", items: DOCUMENT };
  return schema;
}

function operationOf(spec: InsurerCallSpec) {
  const parameters = [...parametersOf(spec.params, "path"), ...parametersOf(spec.query, "query")];
  const success = spec.answerType
    ? { content: { [spec.answerType]: { schema: { type: "string", format: "binary" } } } }
    : jsonContent(answerSchema(spec));
  return {
    summary: spec.summary,
    ...(spec.description ? { description: spec.description } : {}),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(spec.body
      ? { requestBody: { required: true, ...jsonContent(jsonSchema(spec.body)) } }
      : {}),
    responses: {
      200: { description: spec.description ?? spec.summary, ...success },
      ...errorAnswers(refusalsOf(spec), PROBLEM, problemCode),
    },
  };
}

/** Every code an insurer answer's `error` can hold. */
function problemCodes(): string[] {
  const calls: InsurerCallSpec[] = Object.values(INSURER_CALLS);
  const codes = calls.flatMap((spec) => refusalsOf(spec).map(problemCode));
  return [...new Set([...codes, "method-not-allowed"])];
}

export function insurerComponents() {
  const ruleList = Object.entries(ERROR_RULES)
    .map(([rule, meaning]) => `${rule}: ${meaning}`)
    .join("; ");
  return {
    securitySchemes: { integrationKey: { type: "http", scheme: "bearer" } },
    schemas: {
      Problem: {
        type: "object",
        required: ["error", "message", "errors"],
        properties: {
          error: { type: "string", description: problemCodes().join(", ") },
          message: { type: "string" },
          errors: {
            type: "array",
            description: "What in the request to change; empty only for a failure on the server.",
            items: { $ref: "#/components/schemas/FieldProblem" },
          },
          status: {
            type: "string",
            enum: [...CLAIM_STATUSES],
            description: "not-allowed only: the claim's current status",
          },
          allowedNextStatuses: {
            type: "array",
            items: { type: "string", enum: [...CLAIM_STATUSES] },
            description: "not-allowed only: where the claim may go from here",
          },
        },
      },
      FieldProblem: {
        type: "object",
        required: ["field", "rule", "message"],
        properties: {
          field: {
            type: "string",
            description:
              "The field's path in the body or query (requirements.0.dueDate), a path parameter, a header (authorization, idempotency-key), or body, path or method",
          },
          rule: { type: "string", description: `The rule it broke. ${ruleList}.` },
          message: { type: "string" },
        },
      },
      Document: jsonSchema(insurerDocument, "output"),
    },
  };
}

/** Every insurer call by its OpenAPI path and method, in the table's order. */
export function insurerPaths() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const spec of Object.values(INSURER_CALLS) as InsurerCallSpec[]) {
    const path = openApiPath(spec.path);
    paths[path] = {
      ...paths[path],
      [spec.method.toLowerCase()]: { ...operationOf(spec), security: [{ integrationKey: [] }] },
    };
  }
  return paths;
}
