import type { CompanyConfig } from "@kalinga/domain/company-config";
import { apiKeyId } from "../http/api-key-auth.ts";

// A company names its widget keys by id (decision 0083); the keys stay in KALINGA_API_KEYS. An id
// that names none of them is told at start, where operators look, rather than found by a claimant.

export function companyKeyWarnings(
  companies: readonly CompanyConfig[],
  apiKeys: readonly string[],
): string[] {
  const ids = new Set(apiKeys.map(apiKeyId));
  return companies.flatMap((company) =>
    Object.entries(company.widgetApiKeyIds)
      .filter(([, id]) => id !== undefined && !ids.has(id))
      .map(
        ([environment, id]) =>
          `Company "${company.id}": widgetApiKeyIds.${environment} names ${id}, which is none of KALINGA_API_KEYS.`,
      ),
  );
}
