import { createHash } from "node:crypto";
import type { CompanyConfig } from "@kalinga/domain/company-config";

// A company names its widget keys by id (decision 0083); the keys stay in KALINGA_API_KEYS. An id
// that names none of them is told at start, where operators look, rather than found by a claimant.

/** A widget key's id: `key-` and 6 hex digits of its SHA-256, as the insurer keys are named (0064). */
const keyIdOf = (key: string) =>
  `key-${createHash("sha256").update(key).digest("hex").slice(0, 6)}`;

export function companyKeyWarnings(
  companies: readonly CompanyConfig[],
  apiKeys: readonly string[],
): string[] {
  const ids = new Set(apiKeys.map(keyIdOf));
  return companies.flatMap((company) =>
    Object.entries(company.widgetApiKeyIds)
      .filter(([, id]) => id !== undefined && !ids.has(id))
      .map(
        ([environment, id]) =>
          `Company "${company.id}": widgetApiKeyIds.${environment} names ${id}, which is none of KALINGA_API_KEYS.`,
      ),
  );
}
