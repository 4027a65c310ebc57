// DNS names as the custom hostname endpoints and the control API accept them: labels of 1–63
// characters of [a-z0-9-], not starting or ending with '-', at most 253 characters in all, and
// (where allowed) a leading `*.` for a wildcard. Names are compared lower-cased.

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const MAX_NAME = 253;

/** Why `name` (already lower-cased) is not a DNS name, or undefined when it is one. */
export function dnsNameProblem(name: string, allowWildcard: boolean): string | undefined {
  if (name === '') return 'must not be empty';
  if (name.length > MAX_NAME) return `must be at most ${MAX_NAME} characters`;
  const labels = name.split('.');
  if (labels[0] === '*') {
    if (!allowWildcard) return 'must not be a wildcard';
    labels.shift();
    if (labels.length === 0) return 'needs a domain after "*."';
  }
  const bad = labels.find((label) => !LABEL.test(label));
  if (bad === undefined) return undefined;
  if (bad === '') return 'must not contain an empty label (check for leading, trailing or doubled dots)';
  if (bad.length > 63) return `label "${bad.slice(0, 20)}…" is longer than 63 characters`;
  if (bad.includes('*')) return '"*" is only allowed as the whole first label';
  return `label "${bad}" must be letters, digits and "-", not starting or ending with "-"`;
}

export const isWildcard = (hostname: string): boolean => hostname.startsWith('*.');

/** The domain a wildcard covers (`*.shop.example` → `shop.example`). */
export const wildcardParent = (hostname: string): string => hostname.slice(2);

/** The domain one label up (`a.shop.example` → `shop.example`); undefined for a single label. */
export function parentDomain(hostname: string): string | undefined {
  const dot = hostname.indexOf('.');
  return dot < 0 ? undefined : hostname.slice(dot + 1);
}

/** The name itself or a subdomain of `domain`. */
export const isWithin = (hostname: string, domain: string): boolean => hostname === domain || hostname.endsWith(`.${domain}`);
