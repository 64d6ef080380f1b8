/**
 * Issue 18, where a webhook may be sent (SSRF): http or https only, no user name or password in
 * the URL, and never to this machine or a private, link-local or otherwise internal network — a
 * subscription must not make the portal call its own database, metadata service or admin ports.
 * The check runs twice: on the URL when a subscription is saved (a literal address or a name that
 * resolves to a refused one), and on the address each delivery connects to (the lookup below), so a
 * name that later resolves elsewhere (DNS rebinding) is refused too. Loopback is allowed only with
 * WEBHOOK_ALLOW_LOOPBACK (tests, local development).
 */
import { promises as dns, type LookupAddress, lookup } from 'node:dns';
import { BlockList, isIP } from 'node:net';

const internal = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  internal.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  internal.addSubnet(net, prefix, 'ipv6');

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** An IPv4-mapped IPv6 address (::ffff:10.0.0.1) is checked as the IPv4 address it carries. */
const plain = (address: string) => address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');

/** Why a delivery may not connect to this address; null when it may. */
export function refusedAddress(address: string, allowLoopback: boolean): string | null {
  const a = plain(address);
  const family = isIP(a) === 6 ? 'ipv6' : 'ipv4';
  if (loopback.check(a, family))
    return allowLoopback
      ? null
      : 'The URL points at the portal’s own machine (loopback), which is not allowed.';
  if (internal.check(a, family))
    return 'The URL points at a private or internal network address, which is not allowed.';
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
