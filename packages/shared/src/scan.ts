import { z } from 'zod';
import { pageOf, pageQueryFields } from './paging';

/**
 * Check-in: lists, the scanner's redeem and offline sync, conflicts, undo and the live headcount.
 *
 * Every route below except the discovery of organisations is organisation-scoped: it needs the
 * `X-Organization-ID` header and one of the permissions given. "SCAN" below means any of SCAN, EVENT or
 * ALL; "EVENT" means EVENT or ALL. An id of another organisation answers 404, never its data.
 *
 * Scanner (SCAN):
 *   GET    /api/scan/organizations                     signed in; organisations where the caller holds
 *                                                      SCAN, EVENT or ALL (no organisation header)
 *                                                      → scanOrganizationsSchema
 *   GET    /api/scan/events                            SCAN  → scanEventsSchema (events with their lists)
 *   POST   /api/scan/redeem                            SCAN  redeemRequestSchema → redeemAnswerSchema
 *                                                      (200 for ok AND refused; `ticketId` instead of
 *                                                      `secret` is manual check-in and needs EVENT);
 *                                                      rate limited per device: 429 too-many-attempts
 *   GET    /api/scan/snapshot?listIds=a,b              SCAN  snapshotQuerySchema → offlineSnapshotSchema
 *   POST   /api/scan/sync                              SCAN  syncRequestSchema → syncResponseSchema
 *                                                      (rate limited per device)
 *   GET    /api/events/:eventId/headcount              SCAN  → headcountSchema
 *   GET    /api/events/:eventId/headcount/stream       SCAN  text/event-stream: each message is
 *                                                      `event: <type>` + `data: <JSON of
 *                                                      headcountStreamEventSchema>`; the current
 *                                                      headcount is sent at once, then on every change
 *                                                      (within 2 s), with a `: ping` comment every 15 s.
 *                                                      Read with fetch() and the usual Bearer and
 *                                                      X-Organization-ID headers (EventSource cannot).
 * Back office (EVENT):
 *   GET    /api/events/:eventId/checkin-lists          EVENT → checkinListsSchema
 *   POST   /api/events/:eventId/checkin-lists          EVENT createCheckinListBodySchema → checkinListSchema (201)
 *   PATCH  /api/checkin-lists/:listId                  EVENT updateCheckinListBodySchema → checkinListSchema
 *   DELETE /api/checkin-lists/:listId                  EVENT → 204 (its check-in log goes with it)
 *   GET    /api/events/:eventId/checkins               EVENT checkinLogQuerySchema → checkinLogPageSchema
 *   POST   /api/scan/checkins/:checkinId/undo          EVENT undoBodySchema → undoAnswerSchema (audited)
 *   GET    /api/events/:eventId/checkin-conflicts      EVENT conflictsQuerySchema → conflictsSchema
 *   POST   /api/checkin-conflicts/:conflictId/resolve  EVENT resolveConflictBodySchema → conflictSchema
 *   GET    /api/events/:eventId/checkin-attendees      EVENT attendeeSearchQuerySchema → attendeeSearchSchema
 *
 * Errors (packages/shared/src/errors.ts): `not-found` for an unknown list, event, check-in or conflict
 * (from sync, `details.listIds` names the unknown lists, e.g. deleted while the device was offline);
 * `lists-of-several-events` when one request names lists of different events; `checkin-already-undone`;
 * `conflict-already-resolved`; `forbidden` without the permission; `too-many-attempts` (429) when a
 * device scans faster than the limit.
 *
 * The rules themselves (`judgeScan`, `applyAdmission`) and the parsing of a ticket secret for offline
 * verification (`parseTicketSecret`) are in ./scan-rules.ts, shared by the server and the scanner.
 */

const instant = z.iso.datetime({ offset: true });
const listName = z.string().trim().min(1).max(100);
/** A device's own random id (kept in its storage), shown to staff to tell gates and phones apart. */
export const deviceIdSchema = z.string().trim().min(1).max(100);
/** A fresh random value per scan (a UUID is fine); the same nonce sent again replays the first answer. */
export const nonceSchema = z
  .string()
  .min(8)
  .max(100)
  .regex(/^[\x21-\x7e]+$/, 'printable ASCII without spaces');
/** The signed QR payload of a ticket (base64url), or its short code as typed (./ticket-code.ts). */
export const ticketSecretSchema = z.string().trim().min(1).max(512);

/** At most this many scans in one sync request; a longer queue is sent in several requests. */
export const MAX_SYNC_BATCH = 500;
/** At most this many lists in one redeem or snapshot. */
export const MAX_LISTS_PER_SCAN = 20;

// Check-in lists ---------------------------------------------------------------------------------------

export const checkinListSchema = z.object({
  id: z.uuid(),
  eventId: z.uuid(),
  name: z.string(),
  /** True: every ticket type of the event, present and future; `ticketTypeIds` is then empty. */
  allTicketTypes: z.boolean(),
  ticketTypeIds: z.array(z.uuid()),
  /** Scans before this instant are refused `not-yet-valid`; null: no lower bound. */
  startsAt: z.string().nullable(),
  /** Scans at or after this instant are refused `window-closed`; null: no upper bound. */
  endsAt: z.string().nullable(),
  /** A ticket that went out (exit scan) may come in again. */
  allowReentry: z.boolean(),
  /** Every entry scan is admitted, however many (e.g. a pass for several sessions). */
  allowMultipleEntries: z.boolean(),
  /** Inside-now count at which the headcount raises an alert; null: no alert. */
  capacityAlert: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CheckinList = z.infer<typeof checkinListSchema>;

export const checkinListsSchema = pageOf(checkinListSchema);

const listFields = {
  name: listName,
  allTicketTypes: z.boolean(),
  ticketTypeIds: z.array(z.uuid()).max(200),
  startsAt: instant.nullable(),
  endsAt: instant.nullable(),
  allowReentry: z.boolean(),
  allowMultipleEntries: z.boolean(),
  capacityAlert: z.number().int().min(1).max(10_000_000).nullable(),
};

const windowInOrder = (value: { startsAt?: string | null; endsAt?: string | null }) =>
  !value.startsAt || !value.endsAt || Date.parse(value.startsAt) < Date.parse(value.endsAt);
const coversTypes = (value: { allTicketTypes?: boolean; ticketTypeIds?: string[] }) =>
  value.allTicketTypes !== false || (value.ticketTypeIds?.length ?? 0) > 0;

export const createCheckinListBodySchema = z
  .strictObject({
    name: listFields.name,
    allTicketTypes: listFields.allTicketTypes.default(true),
    ticketTypeIds: listFields.ticketTypeIds.default([]),
    startsAt: listFields.startsAt.default(null),
    endsAt: listFields.endsAt.default(null),
    allowReentry: listFields.allowReentry.default(false),
    allowMultipleEntries: listFields.allowMultipleEntries.default(false),
    capacityAlert: listFields.capacityAlert.default(null),
  })
  .refine(windowInOrder, { message: 'The window must end after it starts', path: ['endsAt'] })
  .refine(coversTypes, { message: 'Choose at least one ticket type', path: ['ticketTypeIds'] });
export type CreateCheckinListBody = z.input<typeof createCheckinListBodySchema>;

/** Only the fields sent change; the window and type checks apply to the list as it ends up. */
export const updateCheckinListBodySchema = z
  .strictObject({
    name: listFields.name.optional(),
    allTicketTypes: listFields.allTicketTypes.optional(),
    ticketTypeIds: listFields.ticketTypeIds.optional(),
    startsAt: listFields.startsAt.optional(),
    endsAt: listFields.endsAt.optional(),
    allowReentry: listFields.allowReentry.optional(),
    allowMultipleEntries: listFields.allowMultipleEntries.optional(),
    capacityAlert: listFields.capacityAlert.optional(),
  })
  .refine(windowInOrder, { message: 'The window must end after it starts', path: ['endsAt'] });
export type UpdateCheckinListBody = z.input<typeof updateCheckinListBodySchema>;

// Discovery --------------------------------------------------------------------------------------------

export const scanOrganizationSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  slug: z.string(),
  permissions: z.array(z.string()),
  /** EVENT or ALL: may search attendees, check in by hand, undo, and see the conflict inbox. */
  canManage: z.boolean(),
});
export type ScanOrganization = z.infer<typeof scanOrganizationSchema>;
export const scanOrganizationsSchema = pageOf(scanOrganizationSchema);

export const scanListSummarySchema = checkinListSchema.pick({
  id: true,
  name: true,
  allTicketTypes: true,
  ticketTypeIds: true,
  startsAt: true,
  endsAt: true,
  allowReentry: true,
  allowMultipleEntries: true,
});

/** An event the scanner can pick: published or draft events not archived, soonest first. */
export const scanEventSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  timeZone: z.string(),
  status: z.string(),
  lists: z.array(scanListSummarySchema),
});
export type ScanEvent = z.infer<typeof scanEventSchema>;
export const scanEventsSchema = pageOf(scanEventSchema);

// Redeem -----------------------------------------------------------------------------------------------

export const SCAN_DIRECTIONS = ['entry', 'exit'] as const;
export type ScanDirection = (typeof SCAN_DIRECTIONS)[number];

/**
 * Why a scan is refused, checked in this order (validity before "already used"):
 * - `invalid`: not a ticket secret, a forged one, or a ticket of another organisation (nothing revealed);
 * - `unknown`: correctly signed but no such ticket (offline: not in the snapshot);
 * - `wrong-event`: a ticket of another event of the organisation;
 * - `wrong-list`: its ticket type is on none of the scanned lists;
 * - `not-yet-valid` / `window-closed`: scanned outside the list's window;
 * - `cancelled`, `refunded`: the ticket (or its order: cancelled, expired) no longer admits;
 * - `unpaid`: the order is reserved or awaiting payment;
 * - `already-used`: entry of a ticket already inside (or already entered, without re-entry);
 * - `not-inside`: exit of a ticket that is not inside.
 */
export const REFUSAL_REASONS = [
  'invalid',
  'unknown',
  'wrong-event',
  'wrong-list',
  'not-yet-valid',
  'window-closed',
  'cancelled',
  'refunded',
  'unpaid',
  'already-used',
  'not-inside',
] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

export const redeemRequestSchema = z
  .strictObject({
    /** The scanned or typed QR payload. */
    secret: ticketSecretSchema.optional(),
    /** Manual check-in of a ticket found by attendee search (EVENT or ALL only). */
    ticketId: z.uuid().optional(),
    /** The lists the gate checks, all of one event; the first one covering the ticket's type is used. */
    listIds: z.array(z.uuid()).min(1).max(MAX_LISTS_PER_SCAN),
    direction: z.enum(SCAN_DIRECTIONS).default('entry'),
    /** When the device scanned (its clock); windows are judged on the server's clock for online scans. */
    scannedAt: instant,
    nonce: nonceSchema,
    deviceId: deviceIdSchema,
    /** True when the scan was taken offline and is sent late; it is then judged at `scannedAt`. */
    offline: z.boolean().optional(),
  })
  .refine((value) => (value.secret === undefined) !== (value.ticketId === undefined), {
    message: 'Send either a secret or a ticket id',
    path: ['secret'],
  })
  // The OpenAPI document's example: a secret or a ticket id, never both (the refinement above).
  .meta({
    examples: [
      {
        secret: 'eyJ0IjoiMDE5M2I2ZTQifQ.c2lnbmF0dXJl',
        listIds: ['0193b6e4-5c2a-7d1e-8f3a-2b4c6d8e0f12'],
        direction: 'entry',
        scannedAt: '2026-06-21T19:31:04.000Z',
        nonce: '5f0c2a7e-9d14-4b8e-a3c6-7e21d09b4f58',
        deviceId: 'north-door',
      },
    ],
  });
export type RedeemRequest = z.input<typeof redeemRequestSchema>;

/** What a scan may show of the ticket: no e-mail, no buyer details beyond the name on the ticket. */
export const scannedTicketSchema = z.object({
  id: z.uuid(),
  /** The attendee's name, or the buyer's name when the ticket has none. */
  attendeeName: z.string().nullable(),
  ticketTypeId: z.uuid(),
  ticketTypeName: z.string(),
  orderCode: z.string(),
});
export type ScannedTicket = z.infer<typeof scannedTicketSchema>;

export const listRefSchema = z.object({ id: z.uuid(), name: z.string() });

/** The earlier admission that makes this scan `already-used`. */
export const alreadyUsedSchema = z.object({
  at: z.string(),
  listId: z.uuid(),
  listName: z.string(),
  deviceId: z.string(),
});

export const redeemOkSchema = z.object({
  result: z.literal('ok'),
  /** The check-in log entry (for undo). */
  checkinId: z.uuid(),
  direction: z.enum(SCAN_DIRECTIONS),
  list: listRefSchema,
  ticket: scannedTicketSchema,
  /** When the scan was recorded (server clock). */
  at: z.string(),
});

export const redeemRefusedSchema = z.object({
  result: z.literal('refused'),
  /** The log entry of this refused scan. */
  checkinId: z.uuid(),
  reason: z.enum(REFUSAL_REASONS),
  direction: z.enum(SCAN_DIRECTIONS),
  /** The list that judged the ticket; null when none did (invalid, unknown, wrong event or list). */
  list: listRefSchema.nullable(),
  /** Null for `invalid` and `unknown`: nothing is revealed. */
  ticket: scannedTicketSchema.nullable(),
  /** Only for `already-used`. */
  alreadyUsed: alreadyUsedSchema.nullable(),
  at: z.string(),
});

export const redeemAnswerSchema = z.discriminatedUnion('result', [redeemOkSchema, redeemRefusedSchema]);
export type RedeemAnswer = z.infer<typeof redeemAnswerSchema>;

// Offline snapshot ------------------------------------------------------------------------------------

export const snapshotQuerySchema = z.object({
  /** Comma-separated list ids, all of one event. */
  listIds: z
    .string()
    .transform((value) => value.split(',').filter(Boolean))
    .pipe(z.array(z.uuid()).min(1).max(MAX_LISTS_PER_SCAN)),
});

export const PRESENCE_STATES = ['never', 'inside', 'outside'] as const;
export type PresenceState = (typeof PRESENCE_STATES)[number];

/** A ticket's state on one list: never scanned in, inside, or out after having been in. */
export const presenceSchema = z.object({
  listId: z.uuid(),
  state: z.enum(PRESENCE_STATES),
  /** Admitted entries so far. */
  entries: z.number().int(),
  /** Last admitted scan on this list, or null. */
  lastAt: z.string().nullable(),
  lastDeviceId: z.string().nullable(),
});
export type Presence = z.infer<typeof presenceSchema>;

/** Whether a ticket admits at all, its order's payment folded in. */
export const ADMISSION_STATUSES = ['valid', 'cancelled', 'refunded', 'unpaid'] as const;
export type AdmissionStatus = (typeof ADMISSION_STATUSES)[number];

export const snapshotTicketSchema = z.object({
  id: z.uuid(),
  status: z.enum(ADMISSION_STATUSES),
  ticketTypeId: z.uuid(),
  /** Attendee's (or buyer's) name; no e-mail or other personal data, whoever downloads. */
  attendeeName: z.string().nullable(),
  orderCode: z.string(),
  /** The code a person can type (./ticket-code.ts): typed offline, it is looked up here. */
  shortCode: z.string(),
  /** Only the lists of the snapshot on which the ticket was ever admitted. */
  presence: z.array(presenceSchema),
});
export type SnapshotTicket = z.infer<typeof snapshotTicketSchema>;

export const offlineSnapshotSchema = z.object({
  organizationId: z.uuid(),
  eventId: z.uuid(),
  /** Ed25519 public key, raw 32 bytes base64url: verifies ticket secrets offline. */
  publicKey: z.string(),
  lists: z.array(checkinListSchema),
  ticketTypes: z.array(z.object({ id: z.uuid(), name: z.string() })),
  /** Every ticket of the event's orders (all statuses, so a cancelled one is told apart from unknown). */
  tickets: z.array(snapshotTicketSchema),
  /** When the server took the snapshot. */
  generatedAt: z.string(),
});
export type OfflineSnapshot = z.infer<typeof offlineSnapshotSchema>;

// Offline sync ----------------------------------------------------------------------------------------

/** What the device decided offline and showed at the door. */
export const offlineDecisionSchema = z.object({
  result: z.enum(['ok', 'refused']),
  reason: z.enum(REFUSAL_REASONS).nullable().default(null),
});

export const offlineScanSchema = z.strictObject({
  nonce: nonceSchema,
  secret: ticketSecretSchema,
  listIds: z.array(z.uuid()).min(1).max(MAX_LISTS_PER_SCAN),
  direction: z.enum(SCAN_DIRECTIONS),
  scannedAt: instant,
  decision: offlineDecisionSchema,
});
export type OfflineScan = z.input<typeof offlineScanSchema>;

/**
 * POST /api/scan/sync: scans taken offline, in any order. Every one is recorded; an admission the device
 * made ("ok") counts as a real entry or exit even if the server would have refused it, since the person
 * walked through. Two admissions the list's rules forbid (e.g. two entries without re-entry) raise a
 * conflict. The final state is the same whatever the order of uploads.
 */
export const syncRequestSchema = z.strictObject({
  deviceId: deviceIdSchema,
  scans: z.array(offlineScanSchema).min(1).max(MAX_SYNC_BATCH),
});
export type SyncRequest = z.input<typeof syncRequestSchema>;

export const syncResultSchema = z.object({
  nonce: z.string(),
  /** False when this nonce was already recorded (an earlier sync got through): nothing new was written. */
  recorded: z.boolean(),
  /** The server's own verdict on the scan, judged at its scan time against what it knew then. */
  verdict: redeemAnswerSchema,
  /** Open conflicts this scan is part of. */
  conflictIds: z.array(z.uuid()),
});
export type SyncResult = z.infer<typeof syncResultSchema>;

export const syncResponseSchema = z.object({
  results: z.array(syncResultSchema),
  syncedAt: z.string(),
});
export type SyncResponse = z.infer<typeof syncResponseSchema>;

// Check-in log and undo --------------------------------------------------------------------------------

export const checkinEntrySchema = z.object({
  id: z.uuid(),
  listId: z.uuid(),
  listName: z.string(),
  ticketId: z.uuid().nullable(),
  direction: z.enum(SCAN_DIRECTIONS),
  result: z.enum(['ok', 'refused']),
  reason: z.enum(REFUSAL_REASONS).nullable(),
  deviceId: z.string(),
  staffName: z.string().nullable(),
  scannedAt: z.string(),
  recordedAt: z.string(),
  offline: z.boolean(),
  undoneAt: z.string().nullable(),
  undoneByName: z.string().nullable(),
});
export type CheckinEntry = z.infer<typeof checkinEntrySchema>;

export const checkinLogQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  /** The last id of the previous page (newest first). */
  cursor: z.uuid().optional(),
  ticketId: z.uuid().optional(),
  listId: z.uuid().optional(),
});

export const checkinLogEntrySchema = checkinEntrySchema.extend({ ticket: scannedTicketSchema.nullable() });
export const checkinLogPageSchema = z.object({
  items: z.array(checkinLogEntrySchema),
  nextCursor: z.string().nullable(),
});
export type CheckinLogPage = z.infer<typeof checkinLogPageSchema>;

export const undoBodySchema = z.strictObject({ reason: z.string().trim().max(500).optional() });

export const undoAnswerSchema = z.object({
  checkin: checkinEntrySchema,
  /** The ticket's state on the list once the check-in no longer counts. */
  presence: presenceSchema,
});
export type UndoAnswer = z.infer<typeof undoAnswerSchema>;

// Headcount --------------------------------------------------------------------------------------------

const counts = { checkedIn: z.number().int(), insideNow: z.number().int() };

export const headcountSchema = z.object({
  eventId: z.uuid(),
  /** Tickets admitted at least once on any list. */
  checkedIn: z.number().int(),
  /** Tickets inside now on at least one list (entries minus exits). */
  insideNow: z.number().int(),
  /** Valid, paid tickets of the event: the most that can come. */
  expected: z.number().int(),
  lists: z.array(
    z.object({
      listId: z.uuid(),
      name: z.string(),
      ...counts,
      capacityAlert: z.number().int().nullable(),
      /** insideNow has reached capacityAlert. */
      alert: z.boolean(),
    }),
  ),
  ticketTypes: z.array(z.object({ ticketTypeId: z.uuid(), name: z.string(), ...counts })),
  openConflicts: z.number().int(),
  /** When the server counted. */
  at: z.string(),
});
export type Headcount = z.infer<typeof headcountSchema>;

/** One message of the headcount stream (the SSE `event:` name is `type`). */
export const headcountStreamEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('headcount'), headcount: headcountSchema }),
]);
export type HeadcountStreamEvent = z.infer<typeof headcountStreamEventSchema>;

// Conflicts --------------------------------------------------------------------------------------------

export const CONFLICT_STATUSES = ['open', 'resolved'] as const;
export const CONFLICT_KINDS = ['double-entry', 'not-valid'] as const;
export type ConflictKind = (typeof CONFLICT_KINDS)[number];

/**
 * What offline scans let through that the server would have refused, found when they arrive:
 * - `double-entry`: two admissions of one ticket on one list that the list's rules forbid; `first` is the
 *   earlier admission (by scan time), `second` the one that should have been refused;
 * - `not-valid`: an admission (`second`) of a ticket whose order was refunded or cancelled (`first` null;
 *   the second's `reason` says which).
 */
export const conflictSchema = z.object({
  id: z.uuid(),
  eventId: z.uuid(),
  kind: z.enum(CONFLICT_KINDS),
  list: listRefSchema,
  ticket: scannedTicketSchema,
  first: checkinEntrySchema.nullable(),
  second: checkinEntrySchema,
  status: z.enum(CONFLICT_STATUSES),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
  resolvedByName: z.string().nullable(),
  resolutionNote: z.string().nullable(),
});
export type Conflict = z.infer<typeof conflictSchema>;

export const conflictsQuerySchema = z.object({
  status: z.enum([...CONFLICT_STATUSES, 'all']).default('open'),
  ...pageQueryFields(),
});
export const conflictsSchema = pageOf(conflictSchema);

export const resolveConflictBodySchema = z.strictObject({
  note: z.string().trim().max(1000).optional(),
  /** Also undo one of the two check-ins (e.g. the copy of a ticket let in by mistake). */
  undoCheckinId: z.uuid().optional(),
});
export type ResolveConflictBody = z.input<typeof resolveConflictBodySchema>;

// Attendee search (manual check-in) --------------------------------------------------------------------

export const attendeeSearchQuerySchema = z.object({
  /** Attendee or buyer name, or order code. */
  q: z.string().trim().min(1).max(200),
  ...pageQueryFields(20, 50),
});

export const attendeeResultSchema = scannedTicketSchema.extend({
  buyerName: z.string(),
  status: z.enum(ADMISSION_STATUSES),
  /** The ticket's state on each of the event's lists where it was ever admitted. */
  presence: z.array(presenceSchema),
});
export type AttendeeResult = z.infer<typeof attendeeResultSchema>;
export const attendeeSearchSchema = pageOf(attendeeResultSchema);
