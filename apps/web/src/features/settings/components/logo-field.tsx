import { LOGO_MAX_BYTES, LOGO_TYPES } from '@guichet/shared/settings';
import { Box, Button, FileButton, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { type DragEvent, useState } from 'react';
import { FormError } from '../../../components/form-error';
import { useFileUrl } from '../../../lib/file-url';
import { useTranslation } from '../../../lib/i18n';
import { useRemoveLogo, useUploadLogo } from '../api/upload-logo';
import { announceChanges } from './changed-fields';

function formatSize(bytes: number, locale: string): string {
  const megabytes = bytes / (1024 * 1024);
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(megabytes)} MB`;
}

/** Logo upload: pick or drop an image, checked here for size and type (and again by the server). */
export function LogoField({
  path,
  onChanged,
}: {
  path: string | null;
  onChanged: (changed: string[]) => void;
}) {
  const { t, locale } = useTranslation();
  const upload = useUploadLogo();
  const remove = useRemoveLogo();
  const url = useFileUrl(path);
  const [problem, setProblem] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);

  function choose(file: File | null) {
    if (!file) return;
    setProblem(null);
    upload.reset();
    if (!(LOGO_TYPES as readonly string[]).includes(file.type))
      return setProblem(t('settings.logo.wrongType'));
    if (file.size > LOGO_MAX_BYTES) {
      return setProblem(t('settings.logo.tooLarge', { size: formatSize(file.size, locale) }));
    }
    upload.mutate(file, {
      onSuccess: (result) => {
        announceChanges(t, result.changed);
        onChanged(result.changed);
      },
    });
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files[0] ?? null);
  }

  return (
    <Stack gap="sm">
      <Paper
        withBorder
        p="md"
        radius="md"
        style={{ borderStyle: 'dashed', borderColor: dragging ? 'var(--mantine-color-blue-6)' : undefined }}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <Group gap="md" wrap="wrap" align="center">
          <Box w={96} h={96} style={{ display: 'grid', placeItems: 'center' }}>
            {url ? (
              <Image src={url} alt={t('settings.logo.preview')} maw={96} mah={96} fit="contain" />
            ) : (
              <Text size="sm" c="dimmed" ta="center">
                {t('settings.logo.none')}
              </Text>
            )}
          </Box>
          <Stack gap={6} style={{ flex: 1, minWidth: 200 }}>
            <Text size="sm" c="dimmed" id="logo-hint">
              {t('settings.logo.hint')}
            </Text>
            <Group gap="xs">
              <FileButton onChange={choose} accept={LOGO_TYPES.join(',')}>
                {(props) => (
                  <Button
                    {...props}
                    variant="default"
                    loading={upload.isPending}
                    aria-describedby="logo-hint"
                  >
                    {path ? t('settings.logo.replace') : t('settings.logo.choose')}
                  </Button>
                )}
              </FileButton>
              {path && (
                <Button
                  variant="subtle"
                  color="red"
                  loading={remove.isPending}
                  onClick={() =>
                    remove.mutate(undefined, {
                      onSuccess: (result) => {
                        announceChanges(t, result.changed);
                        onChanged(result.changed);
                      },
                    })
                  }
                >
                  {t('settings.logo.remove')}
                </Button>
              )}
            </Group>
          </Stack>
        </Group>
      </Paper>
      {problem && (
        <Text size="sm" c="red" role="alert">
          {problem}
        </Text>
      )}
      <FormError error={upload.error ?? remove.error} />
    </Stack>
  );
}
