import L from 'leaflet';

/** The venue / event pin; its tip (bottom centre) is the position. */
export const pinIcon = L.divIcon({
  className: 'guichet-map-pin',
  html: '',
  iconSize: [30, 36],
  iconAnchor: [15, 36],
  tooltipAnchor: [0, -30],
});

/** Rounds to 6 decimals (about 10 cm): finer digits only add noise to stored coordinates. */
export function roundCoordinate(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}
