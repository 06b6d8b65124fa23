import type * as z from "zod/mini";
import type { RefusalCode } from "./refusals.ts";

// One row of an API family's table of calls (the insurer's, the console's): everything the server
// needs to register the call and the OpenAPI document needs to describe it, declared once.

type ApiCallMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export type ApiCallSpec = {
  method: ApiCallMethod;
  /** Fastify style, parameters as `:name`. */
  path: string;
  /** One line for the OpenAPI document; `description` says more when needed. */
  summary: string;
  description?: string;
  /** Each schema checks its part of the request; the handler receives what it yields. */
  params?: z.ZodMiniType;
  query?: z.ZodMiniType;
  body?: z.ZodMiniType;
  /** The success answer (200). */
  response: z.ZodMiniType;
  /** The refusals of the vocabulary the call itself can answer, besides those of its family. */
  refusals: readonly RefusalCode[];
  /** An Idempotency-Key header makes a repeat answer the first answer. */
  idempotent: boolean;
};
