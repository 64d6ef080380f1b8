/**
 * Issue 18, where a webhook may be sent (SSRF): http or https only, no user name or password in
 * the URL, and never to this machine or a private, link-local or otherwise internal network — a
 * subscription must not make the portal call its own database, metadata service or admin ports.
 * The check runs twice: on the URL when a subscription is saved (a literal address or a name that
 * resolves to a refused one), and on the address each delivery connects to (the lookup below), so a
 * name that later resolves elsewhere (DNS rebinding) is refused too. Loopback is allowed only with
 * WEBHOOK_ALLOW_LOOPBACK (tests, local development).
 * Issue 28: only global unicast is allowed. An IPv6 address that carries an IPv4 one (IPv4-mapped,
 * NAT64 64:ff9b::/96, 6to4 2002::/16) is judged by the IPv4 address it carries; the deprecated
 * IPv4-compatible form (::a.b.c.d), site-local fec0::/10 and every IPv6 range outside 2000::/3 are
 * refused outright, as are the special-purpose blocks inside it.
 */
import { promises as dns, type LookupAddress, lookup } from 'node:dns';
import { BlockList, isIP } from 'node:net';

const blockList = (family: 'ipv4' | 'ipv6', nets: ReadonlyArray<readonly [string, number]>) => {
  const list = new BlockList();
  for (const [net, prefix] of nets) list.addSubnet(net, prefix, family);
  return list;
};

/** IPv4 that is not global unicast (RFC 6890), loopback aside. */
const internalV4 = blockList('ipv4', [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
]);
const loopbackV4 = blockList('ipv4', [['127.0.0.0', 8]]);
/** Global unicast is 2000::/3 (RFC 4291); these blocks inside it are not reachable hosts. */
const globalV6 = blockList('ipv6', [['2000::', 3]]);
const specialV6 = blockList('ipv6', [
  ['2001::', 23], // IETF protocol assignments: Teredo (2001::/32), benchmarking, ORCHID
  ['2001:db8::', 32], // documentation
  ['3fff::', 20], // documentation
  ['5f00::', 16], // SRv6 SIDs
]);

const LOOPBACK_TEXT = 'The URL points at the portal’s own machine (loopback), which is not allowed.';
const INTERNAL_TEXT = 'The URL points at a private or internal network address, which is not allowed.';

/** The eight 16-bit groups of an IPv6 address (a zone id dropped); null when it is not one. */
export function ipv6Groups(address: string): number[] | null {
  let text = address.replace(/%.*$/, '');
  if (isIP(text) !== 6) return null;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, null];
  const part = (s: string | null | undefined) => (s ? s.split(':').map((g) => Number.parseInt(g, 16)) : []);
  const front = part(head);
  const back = part(tail);
  return tail === null ? front : [...front, ...new Array(8 - front.length - back.length).fill(0), ...back];
}

const v4Of = (high: number, low: number) => `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;

/** The IPv4 address an IPv6 one carries and in which form; null when it carries none. */
function embeddedV4(g: number[]): { v4: string; form: 'mapped' | 'compatible' | 'nat64' | '6to4' } | null {
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (zeros(0, 5) && g[5] === 0xffff) return { v4: v4Of(g[6] ?? 0, g[7] ?? 0), form: 'mapped' };
  // :: and ::1 are not IPv4-compatible addresses (RFC 4291 §2.5.5.1).
  if (zeros(0, 6) && (g[6] !== 0 || (g[7] ?? 0) > 1))
    return { v4: v4Of(g[6] ?? 0, g[7] ?? 0), form: 'compatible' };
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6))
    return { v4: v4Of(g[6] ?? 0, g[7] ?? 0), form: 'nat64' };
  if (g[0] === 0x2002) return { v4: v4Of(g[1] ?? 0, g[2] ?? 0), form: '6to4' };
  return null;
}

/** Why a delivery may not connect to this address; null when it may. */
export function refusedAddress(address: string, allowLoopback: boolean): string | null {
  if (isIP(address) === 4) {
    if (loopbackV4.check(address, 'ipv4')) return allowLoopback ? null : LOOPBACK_TEXT;
    return internalV4.check(address, 'ipv4') ? INTERNAL_TEXT : null;
  }
  const groups = ipv6Groups(address);
  if (!groups) return INTERNAL_TEXT;
  const normal = groups.map((x) => x.toString(16)).join(':');
  if (normal === '0:0:0:0:0:0:0:1') return allowLoopback ? null : LOOPBACK_TEXT;
  const embedded = embeddedV4(groups);
  // A dual-stack socket names an IPv4 peer ::ffff:a.b.c.d: that one is the IPv4 address itself.
  if (embedded?.form === 'mapped') return refusedAddress(embedded.v4, allowLoopback);
  // Deprecated; no global host has one. Loopback behind NAT64 or 6to4 is never this machine's own.
  if (embedded?.form === 'compatible') return INTERNAL_TEXT;
  if (embedded) return refusedAddress(embedded.v4, false) ? INTERNAL_TEXT : null;
  if (!globalV6.check(normal, 'ipv6') || specialV6.check(normal, 'ipv6')) return INTERNAL_TEXT;
  return null;
}

/**
 * What is wrong with a subscription URL, in words for the user; null when it is acceptable. Looks
 * the host name up, so an unknown name is refused when it is saved rather than failing for a day.
 */
export async function webhookUrlProblem(raw: string, allowLoopback: boolean): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'Url must be an absolute http:// or https:// address, such as https://tms.example.com/hooks/portal.';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return `Url must start with http:// or https:// (got ${url.protocol}).`;
  if (url.username || url.password)
    return 'Url must not carry a user name or password; the X-Signature header authenticates each delivery.';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return refusedAddress(host, allowLoopback);
  if (host === 'localhost' || host.endsWith('.localhost')) return refusedAddress('127.0.0.1', allowLoopback);
  let addresses: { address: string }[];
  try {
    addresses = await dns.lookup(host, { all: true });
  } catch {
    return `The host ${host} of the URL was not found (DNS).`;
  }
  for (const { address } of addresses) {
    const problem = refusedAddress(address, allowLoopback);
    if (problem) return problem;
  }
  return null;
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** node:http's `lookup` option: resolves as usual, then refuses an address the rules forbid. */
export function guardedLookup(allowLoopback: boolean) {
  return (hostname: string, options: object, callback: LookupCallback): void => {
    lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      const list = addresses as LookupAddress[];
      const refused = list.map((a) => refusedAddress(a.address, allowLoopback)).find(Boolean);
      if (refused) return callback(Object.assign(new Error(refused), { code: 'EWEBHOOKREFUSED' }), []);
      if ((options as { all?: boolean }).all) return callback(null, list);
      const first = list[0] as LookupAddress;
      callback(null, first.address, first.family);
    });
  };
}
