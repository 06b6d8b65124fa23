import { LOCALE_HEADER } from "@kalinga/domain/claim-api-names";
import type { FastifyRequest } from "fastify";
import type { Queryable } from "../db/database.ts";
import { recordDraftLocale } from "./claim-repository.ts";

// The language a claim's messages go out in (decision 0089): the widget names its chosen locale on
// every claim call; a locale without a catalogue file is taken as English, never refused. The
// claim's language comes with its token, so only a call that changes it writes.

/** A token's claim: its id, and its language while it is a draft (null once submitted). */
type CallClaim = { claimId: string; draftLocale: string | null };

export type ClaimLocales = {
  /** The call's locale if it names a known one, English if it names another, null if none. */
  localeOf(request: FastifyRequest): string | null;
  /** Records the call's locale on its claim while the claim is a draft, when it is another. */
  recordCallLocale(claim: CallClaim, request: FastifyRequest): Promise<void>;
  /** The locale recordCallLocale would write, for a call that writes it in its own statement. */
  callLocaleChange(claim: CallClaim, request: FastifyRequest): string | null;
};

export function claimLocales(db: Queryable, known: () => readonly string[]): ClaimLocales {
  function localeOf(request: FastifyRequest): string | null {
    const named = request.headers[LOCALE_HEADER];
    if (typeof named !== "string" || named === "") return null;
    return named === "en" || known().includes(named) ? named : "en";
  }
  function callLocaleChange(claim: CallClaim, request: FastifyRequest): string | null {
    const locale = localeOf(request);
    if (locale === null || claim.draftLocale === null || claim.draftLocale === locale) return null;
    return locale;
  }
  return {
    localeOf,
    callLocaleChange,
    async recordCallLocale(claim, request) {
      const locale = callLocaleChange(claim, request);
      if (locale !== null) await recordDraftLocale(db, claim.claimId, locale);
    },
  };
}
