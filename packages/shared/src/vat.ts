import { z } from 'zod';

/**
 * VAT. Prices include VAT; rates are basis points (2000 = 20 %, 550 = 5.5 %). The VAT in a price is
 * price × rate / (10000 + rate), rounded half up to the minor unit, per ticket (one line = one ticket), in
 * integers: the database computes it with the same rule when a ticket is sold (`guichet_vat_included`) and
 * stores it, so a figure never recomputes differently later.
 */
export function vatIncluded(priceMinor: number, rateBp: number): number {
  if (rateBp <= 0 || priceMinor <= 0) return 0;
  return Math.floor((priceMinor * rateBp * 2 + (10000 + rateBp)) / (2 * (10000 + rateBp)));
}

/** A rate as people write it: 2000 → "20 %", 550 → "5,5 %" in French. */
export function formatVatRate(rateBp: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(rateBp / 10000);
}

export const vatRateSchema = z.number().int().min(0).max(10000);

export const vatSettingsSchema = z.object({
  registered: z.boolean(),
  vatNumber: z.string().nullable(),
  ratesBp: z.array(z.number().int()),
  defaultRateBp: z.number().int(),
  updatedAt: z.string().nullable(),
});
export type VatSettings = z.infer<typeof vatSettingsSchema>;

export const updateVatSettingsBodySchema = z
  .strictObject({
    registered: z.boolean(),
    vatNumber: z.string().trim().max(40).nullable().default(null),
    ratesBp: z.array(vatRateSchema).max(10).default([]),
    defaultRateBp: vatRateSchema.default(0),
  })
  .superRefine((value, ctx) => {
    if (value.registered && !value.vatNumber)
      ctx.addIssue({
        code: 'custom',
        path: ['vatNumber'],
        message: 'a registered organisation has a VAT number',
      });
    if (value.registered && value.defaultRateBp > 0 && !value.ratesBp.includes(value.defaultRateBp))
      ctx.addIssue({
        code: 'custom',
        path: ['defaultRateBp'],
        message: 'the default rate is one of the rates',
      });
  });
export type UpdateVatSettingsBody = z.input<typeof updateVatSettingsBodySchema>;

/** One rate's line of a VAT figure: gross (VAT included), VAT, and net of VAT. */
export const vatRateLineSchema = z.object({
  rateBp: z.number().int(),
  grossMinor: z.number().int(),
  vatMinor: z.number().int(),
  netMinor: z.number().int(),
});
export type VatRateLine = z.infer<typeof vatRateLineSchema>;
