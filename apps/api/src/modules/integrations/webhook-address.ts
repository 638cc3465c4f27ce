import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, isIPv4 } from 'node:net';

/**
 * Which addresses a webhook may be sent to (decision 034): none of the machine, its private networks or
 * the provider's metadata service, so that an admin cannot point a webhook at an internal service. The
 * URL is checked when an endpoint is saved, and again at each delivery against DNS rebinding: the name is
 * resolved once, every address checked, and the request connects to the address that was checked.
 */

const IPV4_RANGES: [string, number][] = [
  ['0.0.0.0', 8], // "this network", the unspecified address
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata services
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
];

const IPV6_RANGES: [string, number][] = [
  ['::', 96], // the unspecified address, loopback, IPv4-compatible (deprecated)
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local (private)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
];

const refused = new BlockList();
for (const [network, prefix] of IPV4_RANGES) refused.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of IPV6_RANGES) refused.addSubnet(network, prefix, 'ipv6');

/** The IPv4 address an IPv6 one carries (`::ffff:a.b.c.d` mapped, `64:ff9b::a.b.c.d` NAT64), if any. */
function embeddedIPv4(address: string): string | null {
  const lower = address.toLowerCase();
  const match = /^(?:::ffff:(?:0:)?|64:ff9b::)(.+)$/.exec(lower);
  if (!match?.[1]) return null;
  const rest = match[1];
  if (isIPv4(rest)) return rest;
  const groups = /^([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(rest);
  if (!groups?.[1] || !groups[2]) return null;
  const high = Number.parseInt(groups[1], 16);
  const low = Number.parseInt(groups[2], 16);
  return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
}

/** Whether an IP address (v4 or v6, as text) lies in a range webhooks may not reach. */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 4) return refused.check(bare, 'ipv4');
  if (family !== 6) return true; // not an address at all: refuse rather than guess
  const inner = embeddedIPv4(bare);
  if (inner) return refused.check(inner, 'ipv4');
  return refused.check(bare, 'ipv6');
}

export type AddressVerdict = { ok: true } | { ok: false; reason: string };

type Resolve = (hostname: string) => Promise<LookupAddress[]>;

const resolveAll: Resolve = (hostname) =>
  new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    ),
  );

/**
 * Checks a webhook URL when it is saved: its host, written as an address (the URL parser has already
 * turned decimal, octal and hexadecimal IPv4 forms into dotted quads) or resolved by DNS, must reach only
 * public addresses. A name that does not resolve is refused too: nothing could be delivered to it.
 */
export async function checkWebhookUrl(url: string, resolve: Resolve = resolveAll): Promise<AddressVerdict> {
  let hostname: string;
  try {
    hostname = new URL(url).hostname;
  } catch {
    return { ok: false, reason: 'The URL is not valid.' };
  }
  const literal = hostname.replace(/^\[|\]$/g, '');
  if (isIP(literal)) {
    return isPrivateAddress(literal)
      ? { ok: false, reason: `${literal} is a private, loopback or reserved address.` }
      : { ok: true };
  }
  let addresses: LookupAddress[];
  try {
    addresses = await resolve(hostname);
  } catch {
    return { ok: false, reason: `${hostname} does not resolve.` };
  }
  const inside = addresses.find((entry) => isPrivateAddress(entry.address));
  if (addresses.length === 0) return { ok: false, reason: `${hostname} does not resolve.` };
  if (inside) return { ok: false, reason: `${hostname} resolves to ${inside.address}, a private address.` };
  return { ok: true };
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for the delivery's socket: resolves the name once, refuses the connection when any of its
 * addresses is private (a rebinding answer), and hands the socket only the addresses it checked, so the
 * connection goes exactly where the check said it may (as a list when the socket asks for all of them,
 * to try each family in turn).
 */
export function publicOnlyLookup(resolve: Resolve = resolveAll) {
  return (hostname: string, options: { all?: boolean } | undefined, callback: LookupCallback): void => {
    resolve(hostname).then(
      (addresses) => {
        const first = addresses[0];
        const inside = addresses.find((entry) => isPrivateAddress(entry.address));
        if (!first || inside) {
          const error: NodeJS.ErrnoException = new Error(
            first
              ? `${hostname} resolves to ${inside?.address}, a private address.`
              : `${hostname} does not resolve.`,
          );
          error.code = 'EPRIVATEADDRESS';
          callback(error, options?.all ? [] : '', 0);
          return;
        }
        if (options?.all) callback(null, addresses);
        else callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, options?.all ? [] : '', 0),
    );
  };
}
