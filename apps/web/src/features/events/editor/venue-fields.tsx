import type { Place } from '@guichet/shared/places';
import { Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { lazy, Suspense, useCallback } from 'react';
import { LimitedTextarea, LimitedTextInput } from '../../../components/limited-text';
import { useTranslation } from '../../../lib/i18n';
import { useDevice } from '../../../lib/use-device';
import { type EventFormValues, venueFromPlace } from './event-values';
import { PlaceSearch } from './place-search';

// Leaflet is heavy: it loads only once a venue has a position to show.
const VenueMap = lazy(() => import('../map/venue-map'));

type VenueValues = Pick<EventFormValues, 'venueName' | 'venueAddress' | 'latitude' | 'longitude'>;

/** The venue of an in-person event: found by place search, then corrected by hand or on the map. */
export function VenueFields({
  values,
  problem,
  onChange,
}: {
  values: VenueValues;
  problem: (field: keyof VenueValues) => string | undefined;
  onChange: (patch: Partial<VenueValues>) => void;
}) {
  const { t } = useTranslation();
  const { phoneLayout } = useDevice();
  const onMove = useCallback(
    ({ latitude, longitude }: { latitude: number; longitude: number }) => onChange({ latitude, longitude }),
    [onChange],
  );
  const located = values.latitude !== null && values.longitude !== null;

  return (
    <Stack gap="sm">
      <PlaceSearch onPick={(place: Place) => onChange(venueFromPlace(place))} />
      <LimitedTextInput
        label={t('eventEditor.place.venueName')}
        value={values.venueName}
        onChange={(event) => onChange({ venueName: event.currentTarget.value })}
        error={problem('venueName')}
        limit={200}
        required
      />
      <LimitedTextarea
        label={t('eventEditor.place.venueAddress')}
        value={values.venueAddress}
        onChange={(event) => onChange({ venueAddress: event.currentTarget.value })}
        error={problem('venueAddress')}
        autosize
        minRows={2}
        limit={500}
      />
      {located ? (
        <Stack gap={4}>
          <Suspense fallback={<Skeleton h={phoneLayout ? 220 : 300} radius="md" />}>
            <VenueMap
              latitude={values.latitude ?? 0}
              longitude={values.longitude ?? 0}
              onMove={onMove}
              label={values.venueName || undefined}
              height={phoneLayout ? 220 : 300}
            />
          </Suspense>
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Text size="xs" c="dimmed">
              {t('eventEditor.place.coordinates', {
                latitude: values.latitude?.toFixed(5) ?? '',
                longitude: values.longitude?.toFixed(5) ?? '',
              })}
            </Text>
            <Button
              variant="subtle"
              size="compact-sm"
              color="gray"
              onClick={() => onChange({ latitude: null, longitude: null })}
            >
              {t('eventEditor.place.removePosition')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          {t('eventEditor.place.noPosition')}
        </Text>
      )}
    </Stack>
  );
}
