/** Chassis identity (SPEC §5 reuse format) and the provider's own ID prefixes. */

/** Four letters plus six digits, with or without a hyphen between them. */
export const CHASSIS_ID_PATTERN = /^[A-Za-z]{4}-?[0-9]{6}$/;

/** Prefixes the provider's own equipment carries; any other well-formed ID is another provider's. */
export const PROVIDER_PREFIXES = ['PLCZ', 'PLCU', 'PLCX'] as const;

export const isChassisIdFormat = (input: string): boolean => CHASSIS_ID_PATTERN.test(input.trim());

/** The stored form: upper case, no hyphen ('plcz-123456' → 'PLCZ123456'). */
export const normalizeChassisId = (input: string): string => input.trim().replace('-', '').toUpperCase();

export const isProviderPrefix = (chassisId: string): boolean =>
  (PROVIDER_PREFIXES as readonly string[]).includes(normalizeChassisId(chassisId).slice(0, 4));

export const CHASSIS_MESSAGES = {
  format: (id: string) =>
    `${id} is not a valid chassis ID: use four letters and six digits, e.g. PLCZ123456.`,
  otherProvider: (id: string) => `${id} is not one of our chassis (its prefix belongs to another provider).`,
  unknown: (id: string) => `${id} was not found in our equipment records.`,
  /** Issue 31: names the company asked about, never who else may hold the chassis. */
  notOnHire: (id: string, company: string) => `${id} is not on hire to ${company}.`,
} as const;

/**
 * Issue 31: prefixes of the other chassis pools a well-formed ID may belong to, so a lookup of a
 * chassis that is not ours can say whose pool it is likely in. A record of ours always wins.
 */
export const OTHER_POOL_PREFIXES: Readonly<Record<string, string>> = {
  DCLZ: 'DCLI',
  DCLU: 'DCLI',
  FLXZ: 'Flexi-Van',
  FVIZ: 'Flexi-Van',
  TRLZ: 'TRAC Intermodal',
  TRIZ: 'TRAC Intermodal',
  MCHZ: 'Milestone Chassis',
};
