/**
 * Props for a link that leaves the app: web pages open in a new tab (SPEC §2: Security and EBM
 * "open in another window or tab"); mailto: and tel: links hand over to the mail or phone app and
 * must not leave an empty tab behind.
 */
export function externalLinkProps(href: string): { href: string; target?: '_blank'; rel?: string } {
  return /^https?:/i.test(href) ? { href, target: '_blank', rel: 'noopener noreferrer' } : { href };
}
