// The nameserver types of zone_defaults.nameservers.type (account DNS settings), whose
// `<vendor>.standard` and `<vendor>.standard.random` name the service operator.

/**
 * The service operator's name in `<vendor>.standard` and `<vendor>.standard.random`; the spec does
 * not reproduce the real one. The control API tells it (GET /__control/vendor).
 */
export const VENDOR = 'specgate';

export const NAMESERVER_TYPES = [`${VENDOR}.standard`, `${VENDOR}.standard.random`, 'custom.account', 'custom.tenant'] as const;
export type NameserverType = (typeof NAMESERVER_TYPES)[number];

export const DEFAULT_NAMESERVER_TYPE: NameserverType = `${VENDOR}.standard`;

export const isNameserverType = (value: unknown): value is NameserverType => (NAMESERVER_TYPES as readonly unknown[]).includes(value);
