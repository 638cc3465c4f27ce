import { COVER_MAX_BYTES } from '@guichet/shared/events';
import { LOGO_TYPES } from '@guichet/shared/settings';
import { AspectRatio, Button, FileButton, Group, Image, Input, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { FormError } from '../../../components/form-error';
import { useFileUrl } from '../../../lib/file-url';
import { useTranslation } from '../../../lib/i18n';
import { useUploadCover } from '../api/upload-cover';

/** The same images as the logo: PNG, JPEG or WebP (never SVG, which can carry scripts). */
const COVER_TYPES: readonly string[] = LOGO_TYPES;

/**
 * The cover image: uploaded as soon as it is chosen (checked here for type and size, and again by the
 * server), shown as a preview, and attached to the event when the form is saved.
 */
export function CoverField({
  fileId,
  onChange,
  error,
}: {
  fileId: string | null;
  onChange: (fileId: string | null) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const upload = useUploadCover();
  const url = useFileUrl(fileId ? `/files/${fileId}` : null);
  const [problem, setProblem] = useState<string | null>(null);

  function choose(file: File | null) {
    if (!file) return;
    setProblem(null);
    upload.reset();
    if (!COVER_TYPES.includes(file.type)) return setProblem(t('eventEditor.cover.wrongType'));
    if (file.size > COVER_MAX_BYTES) return setProblem(t('eventEditor.cover.tooLarge'));
    upload.mutate(file, { onSuccess: (result) => onChange(result.fileId) });
  }

  return (
    <Input.Wrapper
      label={t('eventEditor.cover.label')}
      description={t('eventEditor.cover.hint')}
      error={error}
    >
      <Stack gap="xs" mt={4}>
        {fileId && (
          <Paper withBorder radius="md" maw={480} style={{ overflow: 'hidden' }}>
            <AspectRatio ratio={16 / 9}>
              {url ? (
                <Image src={url} alt={t('eventEditor.cover.preview')} fit="cover" />
              ) : (
                <Text size="sm" c="dimmed" ta="center">
                  {t('eventEditor.cover.loading')}
                </Text>
              )}
            </AspectRatio>
          </Paper>
        )}
        <Group gap="xs">
          <FileButton onChange={choose} accept={COVER_TYPES.join(',')}>
            {(props) => (
              <Button {...props} variant="default" loading={upload.isPending}>
                {fileId ? t('eventEditor.cover.replace') : t('eventEditor.cover.choose')}
              </Button>
            )}
          </FileButton>
          {fileId && (
            <Button variant="subtle" color="red" onClick={() => onChange(null)}>
              {t('eventEditor.cover.remove')}
            </Button>
          )}
        </Group>
        {problem && (
          <Text size="sm" c="red" role="alert">
            {problem}
          </Text>
        )}
        <FormError error={upload.error} />
      </Stack>
    </Input.Wrapper>
  );
}
