import type { ChannelId } from "./channel.ts";

// Which configured company and channel a page is (decision 0083): its path's patterns, else its
// host's, else the default company; apart from the schema so the widget ships no schema for it.

/** What selection reads of a company (company-config.ts has the whole). */
export type SelectableCompany = {
  id: string;
  selection: { default: boolean; pathPatterns: readonly string[]; hostPatterns: readonly string[] };
  channelSegments: Record<ChannelId, string>;
};

const segmentsOf = (path: string) => path.toLowerCase().split("/").filter(Boolean);

function channelOf(path: string, company: SelectableCompany): ChannelId {
  const parts = segmentsOf(path);
  const segments = company.channelSegments;
  // Agent assist first: its segment may begin with the member portal's.
  if (parts.includes(segments["agent-assist"])) return "agent-assist";
  if (parts.includes(segments["member-portal"])) return "member-portal";
  return "corporate-website";
}

function byPattern<C extends SelectableCompany>(
  companies: readonly C[],
  path: string,
  host: string,
) {
  const joined = `/${segmentsOf(path).join("/")}/`;
  const name = host.toLowerCase().replace(/:\d+$/, "");
  return (
    companies.find((c) => c.selection.pathPatterns.some((p) => joined.includes(`/${p}/`))) ??
    companies.find((c) => c.selection.hostPatterns.some((p) => name.includes(p))) ??
    companies.find((c) => c.selection.default) ??
    companies[0]
  );
}

/**
 * The company and channel of a page: its path's patterns, else its host's, else the default; on
 * the member portal the company the portal stored, when it is one of the set.
 */
export function selectCompany<C extends SelectableCompany>(
  companies: readonly C[],
  location: { path: string; host: string },
  storedCompanyId: string | null = null,
): { company: C; channel: ChannelId } | null {
  const found = byPattern(companies, location.path, location.host);
  if (!found) return null;
  const channel = channelOf(location.path, found);
  const stored = companies.find((c) => c.id === storedCompanyId);
  return { company: channel === "member-portal" && stored ? stored : found, channel };
}
