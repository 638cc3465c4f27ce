import { Badge, Box } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n';
import type { StreamStatus } from '../../../lib/live/event-stream';
import { lightBadge } from '../badge';

const COLORS: Record<StreamStatus, string> = {
  connecting: 'gray',
  live: 'teal',
  reconnecting: 'orange',
  stopped: 'red',
};

/** Whether the figures beside it follow the scanners as they scan, or are waiting for the connection. */
export function LiveIndicator({ status }: { status: StreamStatus }) {
  const { t } = useTranslation();
  return (
    <Badge
      {...lightBadge(COLORS[status])}
      role="status"
      leftSection={
        <Box
          component="span"
          aria-hidden
          w={8}
          h={8}
          style={{
            borderRadius: '50%',
            background: `var(--mantine-color-${COLORS[status]}-7)`,
            display: 'inline-block',
          }}
        />
      }
    >
      {t(`checkin.live.${status}`)}
    </Badge>
  );
}
