import { browserTimeZone } from '../../lib/time-zone';

/** The dashboard's period, kept in the address so a reload or a shared link shows the same figures. */

export const DASHBOARD_PRESETS = ['today', 'last7', 'last30', 'thisMonth'] as const;
export type DashboardPreset = (typeof DASHBOARD_PRESETS)[number];

/** A calendar day in the browser's time zone, as YYYY-MM-DD. */
export function localDay(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The first and last day of a preset, around `now`. */
export function presetDays(preset: DashboardPreset, now = new Date()): { from: string; to: string } {
  const day = (offset: number) => new Date(now.getFullYear(), now.getMonth(), now.getDate() + offset);
  switch (preset) {
    case 'today':
      return { from: localDay(now), to: localDay(now) };
    case 'last7':
      return { from: localDay(day(-6)), to: localDay(now) };
    case 'last30':
      return { from: localDay(day(-29)), to: localDay(now) };
    case 'thisMonth':
      return { from: localDay(new Date(now.getFullYear(), now.getMonth(), 1)), to: localDay(now) };
  }
}

export function presetFromParams(params: URLSearchParams): DashboardPreset {
  const asked = params.get('period');
  return (DASHBOARD_PRESETS as readonly string[]).includes(asked ?? '')
    ? (asked as DashboardPreset)
    : 'last7';
}

/** The API's query for a preset, in the browser's time zone. */
export function figuresQuery(preset: DashboardPreset, now = new Date()): string {
  const { from, to } = presetDays(preset, now);
  return new URLSearchParams({ from, to, tz: browserTimeZone() }).toString();
}

/** The change from `previous` to `current` as a rounded percentage; null when there was nothing before. */
export function changeOf(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / Math.abs(previous)) * 100);
}
