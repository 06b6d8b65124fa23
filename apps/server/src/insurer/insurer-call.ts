import type { InsurerCallName, InsurerCalls } from "@kalinga/domain/insurer-calls";
import type { FastifyReply, FastifyRequest } from "fastify";
import type * as z from "zod/mini";
import type { Actor } from "../lifecycle/lifecycle-repository.ts";
import type { InsurerRefusal } from "./insurer-refusals.ts";

// What a handler of an insurer call receives and may answer; one handler per call of the table.

type Part<K extends InsurerCallName, P extends string> = InsurerCalls[K] extends {
  [key in P]: infer Schema extends z.ZodMiniType;
}
  ? z.output<Schema>
  : undefined;

export type InsurerCallInput<K extends InsurerCallName> = {
  request: FastifyRequest;
  /** Only for an answer that is not JSON (a document's bytes). */
  reply: FastifyReply;
  /** The key that called, by its name (decision 0064). */
  actor: Actor;
  params: Part<K, "params">;
  query: Part<K, "query">;
  body: Part<K, "body">;
};

/** The answer as the table declares it, a refusal, or the reply when the handler sent it itself. */
export type InsurerCallHandler<K extends InsurerCallName> = (
  input: InsurerCallInput<K>,
) => Promise<z.input<InsurerCalls[K]["response"]> | InsurerRefusal | FastifyReply>;

/** One handler per call of the table; the type fails to check when a call has none. */
export type InsurerCallHandlers = { [K in InsurerCallName]: InsurerCallHandler<K> };
