import 'leaflet/dist/leaflet.css';
import './map.css';
import { Box, Paper, Skeleton, Text } from '@mantine/core';
import type { LatLngExpression } from 'leaflet';
import { type ReactNode, useMemo, useState } from 'react';
import { MapContainer, TileLayer, ZoomControl } from 'react-leaflet';
import { useTranslation } from '../../../lib/i18n';
import { useMapConfig } from '../api/map-config';

/** Used when the configuration cannot be read: the deepest level OpenStreetMap serves. */
const FALLBACK_MAX_ZOOM = 19;

export interface BaseMapProps {
  /** Accessible name of the map's region. */
  label: string;
  height: number | string;
  /** Initial view; children move it afterwards (MapContainer ignores later changes). */
  center: LatLngExpression;
  zoom: number;
  children?: ReactNode;
}

/**
 * A Leaflet map with the organisation's tile settings: tiles when configured, and always a `maxZoom` (marker
 * clustering throws without one when there is no tile layer). With no tiles, or tiles failing to load, the
 * markers stay usable on a plain background and a notice says why the map looks empty.
 */
export function BaseMap({ label, height, center, zoom, children }: BaseMapProps) {
  const { t } = useTranslation();
  const config = useMapConfig();
  const [tilesFailed, setTilesFailed] = useState(false);
  const tileEvents = useMemo(() => ({ tileerror: () => setTilesFailed(true) }), []);

  if (config.isPending) return <Skeleton h={height} radius="md" />;

  // An unreadable configuration is treated like "no tiles": the markers matter more than the background.
  const tileUrl = config.data?.tileUrl ?? null;
  const maxZoom = config.data?.maxZoom ?? FALLBACK_MAX_ZOOM;

  return (
    <Box
      role="region"
      aria-label={label}
      className="guichet-map"
      pos="relative"
      h={height}
      style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden', isolation: 'isolate' }}
    >
      <MapContainer
        center={center}
        zoom={Math.min(zoom, maxZoom)}
        minZoom={1}
        maxZoom={maxZoom}
        zoomControl={false}
        worldCopyJump
        style={{ height: '100%', width: '100%' }}
      >
        <ZoomControl zoomInTitle={t('eventList.map.zoomIn')} zoomOutTitle={t('eventList.map.zoomOut')} />
        {tileUrl ? (
          <TileLayer
            url={tileUrl}
            attribution={config.data?.attribution}
            maxZoom={maxZoom}
            eventHandlers={tileEvents}
          />
        ) : null}
        {children}
      </MapContainer>
      {!tileUrl || tilesFailed ? (
        <Paper className="guichet-map-notice" shadow="xs" px="sm" py={4} radius="sm" withBorder role="status">
          <Text size="xs">{t('eventList.map.tilesUnavailable')}</Text>
        </Paper>
      ) : null}
    </Box>
  );
}
