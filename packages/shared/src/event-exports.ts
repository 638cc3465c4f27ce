import { z } from 'zod';
import { LOCALES } from './i18n';

/**
 * GET /api/events/:id/attendees.csv and /api/events/:id/checkins.csv (EVENT): the reader's language sets
 * the headers and the spreadsheet conventions (French: semicolons and decimal commas).
 */
export const eventExportQuerySchema = z.strictObject({ locale: z.enum(LOCALES).default('en') });
export type EventExportQuery = z.input<typeof eventExportQuerySchema>;
