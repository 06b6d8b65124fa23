import { idInput, queryText, webReferenceInput } from "@kalinga/domain/route-inputs";
import type { FastifyReply, FastifyRequest } from "fastify";
import type * as z from "zod/mini";

// Path parameters of the console's and the integration API's routes, checked once for every route
// (a preValidation hook) before any handler reads them: a reference or an id in its issued form,
// anything else text PostgreSQL can store. A bad one is 400 naming it, never a 500 from the query.

const SCHEMAS: Record<string, z.ZodMiniType> = {
  ref: webReferenceInput,
  webReferenceNumber: webReferenceInput,
  id: idInput,
};
const OTHER = queryText(200);

export async function checkPathParams(request: FastifyRequest, reply: FastifyReply) {
  const params = (request.params ?? {}) as Record<string, unknown>;
  const errors: { field: string; message: string }[] = [];
  for (const [name, value] of Object.entries(params)) {
    const result = (SCHEMAS[name] ?? OTHER).safeParse(value);
    if (!result.success) {
      errors.push({ field: name, message: result.error.issues[0]?.message ?? "Invalid." });
    }
  }
  if (errors.length > 0) return reply.code(400).send({ error: "invalid-request", errors });
}
