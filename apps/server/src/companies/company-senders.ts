import type { CompanyConfig } from "@kalinga/domain/company-config";
import type { Queryable } from "../db/database.ts";
import { findCompanyConfig } from "./company-repository.ts";

// Whom a claimant's messages are from (decisions 0083, 0089): the claim's company's SMS sender name,
// e-mail From and footer in the claim's language. Read in the transaction that queues the message;
// a company the table does not hold leaves the server's settings and no footer.

export type CompanySenders = {
  /** The company's id, whose published content the messages take (decision 0096); null for none. */
  companyId: string | null;
  smsSender: string | null;
  emailFrom: string | null;
  /** The footer in the claim's locale, else the English one; null for none. */
  emailFooter: string | null;
};

export async function companySenders(
  q: Queryable,
  companyName: string,
  locale: string,
): Promise<CompanySenders> {
  const config = (await findCompanyConfig(q, companyName)) as CompanyConfig | null;
  return sendersOf(config, locale);
}

/** A company's senders in a locale; the server's settings and no footer for no company. */
export function sendersOf(config: CompanyConfig | null, locale: string): CompanySenders {
  if (!config) return { companyId: null, smsSender: null, emailFrom: null, emailFooter: null };
  const footer = config.texts[locale]?.emailFooter ?? config.texts.en?.emailFooter ?? "";
  return {
    companyId: config.id,
    smsSender: config.sms?.sender ?? null,
    emailFrom: config.email?.from ?? null,
    emailFooter: footer.trim() === "" ? null : footer,
  };
}
