import { z } from 'zod';

/** How a staff member hears of new orders where they hold ALL or EVENT (a profile setting). */
export const ORDER_ALERT_MODES = ['off', 'each', 'daily'] as const;
export type OrderAlertMode = (typeof ORDER_ALERT_MODES)[number];

/** GET and PUT /api/staffs/me/order-alerts. */
export const orderAlertsSettingSchema = z.strictObject({ mode: z.enum(ORDER_ALERT_MODES) });
export type OrderAlertsSetting = z.infer<typeof orderAlertsSettingSchema>;
