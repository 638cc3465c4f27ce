/** How money handed to door staff was paid. Apart from ./door.ts so the scanner loads it without zod. */
export const DOOR_PAYMENT_METHODS = ['cash', 'card', 'transfer', 'other'] as const;
export type DoorPaymentMethod = (typeof DOOR_PAYMENT_METHODS)[number];
