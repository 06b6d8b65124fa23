import net from "node:net";

// The addresses a webhook may not be posted to (docs/decisions/0065): checked once on the setting,
// and again on every lookup by webhooks/webhook-destination.ts.

export type WebhookConfig = {
  url: string;
  secret: string;
  /** INSURER_WEBHOOK_ALLOW_PRIVATE: false in production unless the operator allows it. */
  allowPrivate: boolean;
};

/** The ranges a webhook never reaches unless allowed; 169.254.169.254 (metadata) is link-local. */
const PRIVATE_RANGES: [string, number, "ipv4" | "ipv6"][] = [
  ["0.0.0.0", 8, "ipv4"],
  ["127.0.0.0", 8, "ipv4"],
  ["10.0.0.0", 8, "ipv4"],
  ["172.16.0.0", 12, "ipv4"],
  ["192.168.0.0", 16, "ipv4"],
  ["100.64.0.0", 10, "ipv4"],
  ["169.254.0.0", 16, "ipv4"],
  ["::", 128, "ipv6"],
  ["::1", 128, "ipv6"],
  ["fc00::", 7, "ipv6"],
  ["fe80::", 10, "ipv6"],
];

const privateRanges = new net.BlockList();
for (const [network, prefix, family] of PRIVATE_RANGES) {
  privateRanges.addSubnet(network, prefix, family);
}

/** True for an address in one of the private ranges; IPv4-mapped IPv6 counts as its IPv4. */
export function isPrivateAddress(address: string): boolean {
  const version = net.isIP(address);
  if (version === 0) return false;
  return privateRanges.check(address, version === 4 ? "ipv4" : "ipv6");
}

/** A URL's hostname without the brackets of an IPv6 literal. */
function bareHost(hostname: string): string {
  return hostname.replace(/^\[(.*)\]$/, "$1");
}

/** Why a host is refused before any lookup (a private literal address, localhost); null if not. */
export function webhookHostProblem(hostname: string): string | null {
  const host = bareHost(hostname).toLowerCase();
  if (host === "localhost" || host.endsWith(".localhost")) return `${host} is this machine`;
  if (isPrivateAddress(host)) return `${host} is a private address`;
  return null;
}
