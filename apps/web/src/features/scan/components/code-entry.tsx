import { Button, Group, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';

/** The code typed (or pasted) by hand, for a damaged QR code or a phone that will not focus. */
export function CodeEntry({ onCode }: { onCode: (code: string) => void }) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = value.trim();
    if (!code) return;
    onCode(code);
    setValue('');
  }
  return (
    <form onSubmit={submit}>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          style={{ flex: 1 }}
          label={t('scan.code.label')}
          placeholder={t('scan.code.placeholder')}
          autoComplete="off"
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
        />
        <Button type="submit" variant="default">
          {t('scan.code.submit')}
        </Button>
      </Group>
      <Text size="xs" c="dimmed" mt={4}>
        {t('scan.code.hint')}
      </Text>
    </form>
  );
}
