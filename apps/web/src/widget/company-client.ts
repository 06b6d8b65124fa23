import type { PublicCompany } from "@kalinga/domain/company-config";

// The companies the service configures (decision 0083), read once at mount: the widget picks its
// company and channel from them and sends that company's name with every call.

/** The configured companies, or none when the service cannot say in time. */
export async function loadCompanies(apiBase: string, waitMs: number): Promise<PublicCompany[]> {
  const read = fetch(`${apiBase}/content/companies`, { headers: { accept: "application/json" } })
    .then(async (response) => {
      if (!response.ok) return [];
      const body = (await response.json()) as { companies?: unknown };
      return Array.isArray(body.companies) ? (body.companies as PublicCompany[]) : [];
    })
    .catch(() => []);
  const late = new Promise<PublicCompany[]>((resolve) => setTimeout(() => resolve([]), waitMs));
  return Promise.race([read, late]);
}
