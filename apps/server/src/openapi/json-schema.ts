import { REFUSALS, type RefusalCode, refusalStatus } from "@kalinga/domain/refusals";
import * as z from "zod/mini";

// The pieces every family's OpenAPI document is made of: a zod schema as JSON Schema (zod's own
// converter, so a document never differs from the rule that checks the request), a Fastify path as
// an OpenAPI one, and a call's refusals as its error answers.

export type JsonSchema = Record<string, unknown>;

/** The schema as JSON Schema, without its dialect line (the document names OpenAPI 3.1's). */
export function jsonSchema(schema: z.ZodMiniType, io: "input" | "output" = "input"): JsonSchema {
  const converted = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as JsonSchema;
  const { $schema: _, ...rest } = converted;
  return rest;
}

/** `/claims/:webReferenceNumber` as `/claims/{webReferenceNumber}`. */
export const openApiPath = (path: string) => path.replace(/:(\w+)/g, "{$1}");

export const jsonContent = (schema: JsonSchema) => ({
  content: { "application/json": { schema } },
});

/** Each property of an object schema as a parameter of the path or of the query. */
export function parametersOf(schema: z.ZodMiniType | undefined, place: "path" | "query") {
  if (!schema) return [];
  const { properties = {}, required = [] } = jsonSchema(schema) as {
    properties?: Record<string, JsonSchema>;
    required?: string[];
  };
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: place,
    required: place === "path" || required.includes(name),
    schema: property,
  }));
}

/**
 * The error answers of a call, one per status: the refusals answered with it, each body the
 * family's error shape. `codeOf` names a refusal as the family's body does.
 */
export function errorAnswers(
  refusals: readonly RefusalCode[],
  body: JsonSchema,
  codeOf: (code: RefusalCode) => string = (code) => code,
) {
  const byStatus = new Map<number, Set<string>>();
  for (const code of refusals) {
    // A table naming a refusal the vocabulary lacks is a mistake to see at once, not a 500 later.
    if (!(code in REFUSALS)) throw new Error(`${code} is not in packages/domain/src/refusals.ts`);
    const status = refusalStatus(code);
    byStatus.set(status, (byStatus.get(status) ?? new Set()).add(codeOf(code)));
  }
  const statuses = [...byStatus.keys()].sort((a, b) => a - b);
  return Object.fromEntries(
    statuses.map((status) => [
      String(status),
      {
        description: `Refused: ${[...(byStatus.get(status) ?? [])].join(", ")}`,
        ...jsonContent(body),
      },
    ]),
  );
}
