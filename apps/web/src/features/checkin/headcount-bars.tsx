import { Box, Group, Stack, Text } from '@mantine/core';

export interface BarRow {
  id: string;
  name: string;
  /** The figures beside the name: they say everything the bar shows. */
  figures: string;
  /** The darker part of the bar (inside now). */
  value: number;
  /** The lighter part behind it (checked in), at least `value`. */
  behind: number;
  /** The whole bar's length in people. */
  scale: number;
  /** A threshold drawn as a tick across the bar. */
  mark?: number | null;
  alert?: boolean;
}

const share = (part: number, whole: number) => (whole > 0 ? Math.min(100, (part / whole) * 100) : 0);

/**
 * Horizontal bars in plain CSS (no chart library: it would weigh more than the whole section). The text of
 * each row says everything its bar shows, so the bar itself is hidden from screen readers.
 */
export function HeadcountBars({ rows, label }: { rows: BarRow[]; label: string }) {
  return (
    <Stack component="ul" aria-label={label} gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
      {rows.map((row) => (
        <Box component="li" key={row.id}>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="sm" fw={600} truncate>
              {row.name}
            </Text>
            <Text size="sm" c={row.alert ? 'red.8' : undefined} fw={row.alert ? 700 : undefined}>
              {row.figures}
            </Text>
          </Group>
          <Box
            aria-hidden
            pos="relative"
            h={10}
            mt={4}
            style={{ borderRadius: 5, background: 'var(--mantine-color-gray-2)', overflow: 'hidden' }}
          >
            <Box
              pos="absolute"
              top={0}
              left={0}
              h="100%"
              w={`${share(row.behind, row.scale)}%`}
              bg="teal.2"
              style={{ transition: 'width 300ms' }}
            />
            <Box
              pos="absolute"
              top={0}
              left={0}
              h="100%"
              w={`${share(row.value, row.scale)}%`}
              bg={row.alert ? 'red.7' : 'teal.7'}
              style={{ transition: 'width 300ms' }}
            />
            {row.mark != null && row.mark <= row.scale && (
              <Box
                pos="absolute"
                top={0}
                h="100%"
                w={2}
                bg="dark.6"
                style={{ left: `calc(${share(row.mark, row.scale)}% - 1px)` }}
              />
            )}
          </Box>
        </Box>
      ))}
    </Stack>
  );
}
