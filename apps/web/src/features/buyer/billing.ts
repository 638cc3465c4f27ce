// The company details of an invoice as a form holds them: pure helpers, small enough for the checkout's
// first load (the fields themselves load later, see checkout-invoice.tsx).

/** The company an invoice is made out to, as typed (trimmed when sent). */
export interface BillingDraft {
  name: string;
  address: string;
  vatNumber: string;
}

export const EMPTY_BILLING: BillingDraft = { name: '', address: '', vatNumber: '' };

/** The limits of `billingDetailsSchema` (packages/shared/src/finances.ts). */
export const BILLING_LIMITS = { name: 200, address: 500, vatNumber: 40 } as const;

/** What the API is sent: trimmed, with the optional fields left out when blank. */
export function billingOf(draft: BillingDraft) {
  const address = draft.address.trim();
  const vatNumber = draft.vatNumber.trim();
  return {
    name: draft.name.trim(),
    ...(address ? { address } : {}),
    ...(vatNumber ? { vatNumber } : {}),
  };
}

/** The fields the browser can check before sending: a name, and each field within its limit. */
export function billingProblems(draft: BillingDraft): (keyof BillingDraft)[] {
  const found: (keyof BillingDraft)[] = [];
  if (!draft.name.trim()) found.push('name');
  for (const field of ['name', 'address', 'vatNumber'] as const) {
    if (draft[field].length > BILLING_LIMITS[field] && !found.includes(field)) found.push(field);
  }
  return found;
}
