import { LOCALE_HEADER } from "@kalinga/domain/claim-api-names";
import type { FastifyRequest } from "fastify";
import type { Queryable } from "../db/database.ts";
import { recordDraftLocale } from "./claim-repository.ts";

// The language a claim's messages go out in (decision 0089): the widget names its chosen locale on
// every claim call; a locale without a catalogue file is taken as English, never refused.

export type ClaimLocales = {
  /** The call's locale if it names a known one, English if it names another, null if none. */
  localeOf(request: FastifyRequest): string | null;
  /** Records the call's locale on its claim while the claim is a draft. */
  recordCallLocale(claimId: string, request: FastifyRequest): Promise<void>;
};

export function claimLocales(db: Queryable, known: () => readonly string[]): ClaimLocales {
  function localeOf(request: FastifyRequest): string | null {
    const named = request.headers[LOCALE_HEADER];
    if (typeof named !== "string" || named === "") return null;
    return named === "en" || known().includes(named) ? named : "en";
  }
  return {
    localeOf,
    async recordCallLocale(claimId, request) {
      const locale = localeOf(request);
      if (locale !== null) await recordDraftLocale(db, claimId, locale);
    },
  };
}
