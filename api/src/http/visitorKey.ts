import { createHash } from "node:crypto";
import { isIPv4, isIPv6 } from "node:net";

/**
 * Who a rollout report comes from, as the api can tell without trusting the page: the client's
 * address — an IPv4 address, or the /64 network of an IPv6 one (one household or host gets a whole
 * /64) — as a hash, so the table never holds an address. Behind a reverse proxy that is the
 * forwarded address (PRDS_TRUST_PROXY). Pseudonymous, not anonymous: an IPv4 hash can be reversed by
 * trying every address.
 */
export function visitorKey(ip: string): string {
  return createHash("sha256")
    .update(`prds-rollout-visitor|${networkOf(ip)}`)
    .digest("hex")
    .slice(0, 32);
}

/** The address a visitor is counted by: IPv4 as it is (also when mapped into IPv6), IPv6 as its /64. */
export function networkOf(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (isIPv4(ip) || !isIPv6(ip)) return ip;
  const [head = "", tail = ""] = ip.split("::");
  const left = head === "" ? [] : head.split(":");
  const right = tail === "" ? [] : tail.split(":");
  const groups = ip.includes("::") ? [...left, ...Array<string>(8 - left.length - right.length).fill("0"), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.toLowerCase().replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}
