import net from "node:net";

// The load balancers whose X-Forwarded-* and X-Request-Id headers the server believes
// (KALINGA_TRUSTED_PROXIES, docs/decisions/0030-limits-behind-carrier-nat.md). Anyone else's
// headers are ignored, so a client cannot pick the address its per-address limits count.

/** The names proxy-addr knows, as the ranges they stand for. */
const NAMED_RANGES: Record<string, string[]> = {
  loopback: ["127.0.0.0/8", "::1/128"],
  linklocal: ["169.254.0.0/16", "fe80::/10"],
  uniquelocal: ["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "fc00::/7"],
};

type Range = { network: string; prefix: number; family: "ipv4" | "ipv6" };

function parseRange(entry: string): Range | null {
  const [address = "", prefixText, ...rest] = entry.split("/");
  if (rest.length > 0) return null;
  const version = net.isIP(address);
  if (version === 0) return null;
  const family = version === 4 ? "ipv4" : "ipv6";
  const bits = version === 4 ? 32 : 128;
  if (prefixText === undefined) return { network: address, prefix: bits, family };
  if (!/^\d{1,3}$/.test(prefixText) || Number(prefixText) > bits) return null;
  return { network: address, prefix: Number(prefixText), family };
}

/** Why `entry` is not an address, a CIDR range or a named range; null when it is one. */
export function trustedProxyEntryProblem(entry: string): string | null {
  if (entry in NAMED_RANGES) return null;
  if (parseRange(entry) !== null) return null;
  return `"${entry}" is not an IP address, a CIDR range (10.0.0.0/8) or loopback, linklocal, uniquelocal`;
}

/** Whether a socket address is one of the trusted proxies; entries are checked by the config. */
export function trustedProxyCheck(entries: readonly string[]): (address: string) => boolean {
  const ranges = new net.BlockList();
  for (const entry of entries.flatMap((item) => NAMED_RANGES[item] ?? [item])) {
    const range = parseRange(entry);
    if (range) ranges.addSubnet(range.network, range.prefix, range.family);
  }
  return (address) => {
    const version = net.isIP(address);
    if (version === 0) return false;
    // BlockList matches an IPv4-mapped IPv6 address (::ffff:10.0.0.1) against IPv4 ranges too.
    return ranges.check(address, version === 4 ? "ipv4" : "ipv6");
  };
}
