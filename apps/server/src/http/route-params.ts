import { idInput, queryText, webReferenceInput } from "@kalinga/domain/route-inputs";
import type { FastifyReply, FastifyRequest } from "fastify";
import type * as z from "zod/mini";
import { type FieldProblem, fieldMessage, fieldProblems } from "./field-problems.ts";

// Path parameters of the console's and the integration API's routes, checked once for every route
// (a preValidation hook) before any handler reads them: a reference or an id in its issued form,
// anything else text PostgreSQL can store. A bad one is 400 naming it, never a 500 from the query.

const SCHEMAS: Record<string, z.ZodMiniType> = {
  ref: webReferenceInput,
  webReferenceNumber: webReferenceInput,
  id: idInput,
};
const OTHER = queryText(200);

/** Each bad path parameter, named by its name, with the rule it broke. */
function pathParamProblems(params: unknown): FieldProblem[] {
  const entries = Object.entries((params ?? {}) as Record<string, unknown>);
  return entries.flatMap(([name, value]) => {
    const result = (SCHEMAS[name] ?? OTHER).safeParse(value, { error: fieldMessage });
    if (result.success) return [];
    const first = fieldProblems(result.error.issues)[0];
    return [{ field: name, rule: first?.rule ?? "format", message: first?.message ?? "Invalid." }];
  });
}

export async function checkPathParams(request: FastifyRequest, reply: FastifyReply) {
  const errors = pathParamProblems(request.params);
  if (errors.length > 0) return reply.code(400).send({ error: "invalid-request", errors });
}
