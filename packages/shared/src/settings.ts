import { z } from 'zod';
import { organizationNameSchema } from './organizations';
import { passwordPolicySchema } from './password-policy';

/** Active ISO 4217 currency codes (funds and precious metals left out). */
export const CURRENCIES = [
  'AED',
  'AFN',
  'ALL',
  'AMD',
  'ANG',
  'AOA',
  'ARS',
  'AUD',
  'AWG',
  'AZN',
  'BAM',
  'BBD',
  'BDT',
  'BGN',
  'BHD',
  'BIF',
  'BMD',
  'BND',
  'BOB',
  'BRL',
  'BSD',
  'BTN',
  'BWP',
  'BYN',
  'BZD',
  'CAD',
  'CDF',
  'CHF',
  'CLP',
  'CNY',
  'COP',
  'CRC',
  'CUP',
  'CVE',
  'CZK',
  'DJF',
  'DKK',
  'DOP',
  'DZD',
  'EGP',
  'ERN',
  'ETB',
  'EUR',
  'FJD',
  'FKP',
  'GBP',
  'GEL',
  'GHS',
  'GIP',
  'GMD',
  'GNF',
  'GTQ',
  'GYD',
  'HKD',
  'HNL',
  'HTG',
  'HUF',
  'IDR',
  'ILS',
  'INR',
  'IQD',
  'IRR',
  'ISK',
  'JMD',
  'JOD',
  'JPY',
  'KES',
  'KGS',
  'KHR',
  'KMF',
  'KPW',
  'KRW',
  'KWD',
  'KYD',
  'KZT',
  'LAK',
  'LBP',
  'LKR',
  'LRD',
  'LSL',
  'LYD',
  'MAD',
  'MDL',
  'MGA',
  'MKD',
  'MMK',
  'MNT',
  'MOP',
  'MRU',
  'MUR',
  'MVR',
  'MWK',
  'MXN',
  'MYR',
  'MZN',
  'NAD',
  'NGN',
  'NIO',
  'NOK',
  'NPR',
  'NZD',
  'OMR',
  'PAB',
  'PEN',
  'PGK',
  'PHP',
  'PKR',
  'PLN',
  'PYG',
  'QAR',
  'RON',
  'RSD',
  'RUB',
  'RWF',
  'SAR',
  'SBD',
  'SCR',
  'SDG',
  'SEK',
  'SGD',
  'SHP',
  'SLE',
  'SOS',
  'SRD',
  'SSP',
  'STN',
  'SVC',
  'SYP',
  'SZL',
  'THB',
  'TJS',
  'TMT',
  'TND',
  'TOP',
  'TRY',
  'TTD',
  'TWD',
  'TZS',
  'UAH',
  'UGX',
  'USD',
  'UYU',
  'UZS',
  'VES',
  'VND',
  'VUV',
  'WST',
  'XAF',
  'XCD',
  'XOF',
  'XPF',
  'YER',
  'ZAR',
  'ZMW',
  'ZWG',
] as const;
export type Currency = (typeof CURRENCIES)[number];

/** IANA time zones known to this runtime (plus UTC, which some runtimes leave out of the list). */
export function timeZones(): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return zones.includes('UTC') ? zones : [...zones, 'UTC'];
}

let zoneSet: Set<string> | undefined;
export function isTimeZone(value: string): boolean {
  zoneSet ??= new Set(timeZones());
  return zoneSet.has(value);
}

/** Logos: at most 2 MiB of PNG, JPEG or WebP (SVG can carry scripts, so it is refused). */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type LogoType = (typeof LOGO_TYPES)[number];

export const OFFLINE_INSTRUCTIONS_MAX = 2000;

/** An optional text field: trimmed, and empty means "not set". */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((value) => (value === '' ? null : value))
    .nullable();

export const companySettingsFields = {
  name: organizationNameSchema,
  legalName: optionalText(200),
  addressLine1: optionalText(200),
  addressLine2: optionalText(200),
  postalCode: optionalText(20),
  city: optionalText(120),
  country: optionalText(120),
  vatNumber: z
    .string()
    .trim()
    .max(32)
    .regex(/^$|^[A-Za-z0-9][A-Za-z0-9 .-]{1,31}$/, 'Letters, digits, spaces, dots and dashes only')
    .transform((value) => (value === '' ? null : value.toUpperCase()))
    .nullable(),
  contactEmail: z
    .string()
    .trim()
    .max(254)
    .transform((value) => value.toLowerCase())
    .pipe(z.union([z.literal(''), z.email()]))
    .transform((value) => (value === '' ? null : value))
    .nullable(),
  defaultCurrency: z.enum(CURRENCIES),
  timeZone: z.string().refine(isTimeZone, 'Unknown time zone'),
  /** Shown to buyers of offline orders (order page, payment e-mail) instead of a generic sentence. */
  offlinePaymentInstructions: optionalText(OFFLINE_INSTRUCTIONS_MAX),
};

/** What `PATCH /api/settings/company` accepts: any subset of the fields, nothing else. */
export const patchCompanySettingsBodySchema = z.strictObject({
  name: companySettingsFields.name.optional(),
  legalName: companySettingsFields.legalName.optional(),
  addressLine1: companySettingsFields.addressLine1.optional(),
  addressLine2: companySettingsFields.addressLine2.optional(),
  postalCode: companySettingsFields.postalCode.optional(),
  city: companySettingsFields.city.optional(),
  country: companySettingsFields.country.optional(),
  vatNumber: companySettingsFields.vatNumber.optional(),
  contactEmail: companySettingsFields.contactEmail.optional(),
  defaultCurrency: companySettingsFields.defaultCurrency.optional(),
  timeZone: companySettingsFields.timeZone.optional(),
  offlinePaymentInstructions: companySettingsFields.offlinePaymentInstructions.optional(),
});
export type PatchCompanySettingsBody = z.input<typeof patchCompanySettingsBodySchema>;
export type CompanyField = keyof PatchCompanySettingsBody;

export const logoSchema = z.object({
  fileId: z.uuid(),
  contentType: z.string(),
  size: z.number().int(),
  /** Path under the API base (`/files/{id}`); staff fetch it with their token. */
  path: z.string(),
});

export const companySettingsSchema = z.object({
  name: z.string(),
  legalName: z.string().nullable(),
  addressLine1: z.string().nullable(),
  addressLine2: z.string().nullable(),
  postalCode: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  vatNumber: z.string().nullable(),
  contactEmail: z.string().nullable(),
  defaultCurrency: z.string(),
  timeZone: z.string(),
  offlinePaymentInstructions: z.string().nullable(),
  logo: logoSchema.nullable(),
  updatedAt: z.string(),
});
export type CompanySettings = z.infer<typeof companySettingsSchema>;

export const companySettingsResultSchema = z.object({
  settings: companySettingsSchema,
  /** The fields whose value changed, in form order (empty when nothing did). */
  changed: z.array(z.string()),
});
export type CompanySettingsResult = z.infer<typeof companySettingsResultSchema>;

export const securitySettingsSchema = z.object({ requireTwoFactor: z.boolean() });
export type SecuritySettings = z.infer<typeof securitySettingsSchema>;
export const patchSecuritySettingsBodySchema = z.strictObject({ requireTwoFactor: z.boolean() });
export const securitySettingsResultSchema = z.object({
  settings: securitySettingsSchema,
  changed: z.array(z.string()),
});
export type SecuritySettingsResult = z.infer<typeof securitySettingsResultSchema>;

export const REGISTRATION_MODES = ['open', 'invite-only'] as const;
export type RegistrationMode = (typeof REGISTRATION_MODES)[number];

export const settingsOverviewSchema = z.object({
  company: companySettingsSchema,
  registration: z.object({ mode: z.enum(REGISTRATION_MODES) }),
  passwordPolicy: passwordPolicySchema,
  security: securitySettingsSchema.extend({
    /** Whether the signed-in administrator uses two-factor sign-in (required before requiring it). */
    viewerHasTwoFactor: z.boolean(),
  }),
  payments: z.object({ status: z.literal('arrives-with-ticket-sales') }),
});
export type SettingsOverview = z.infer<typeof settingsOverviewSchema>;
