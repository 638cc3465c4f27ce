import { Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function SettingsSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper component="section" aria-labelledby={id} withBorder p={{ base: 'md', sm: 'lg' }}>
      <Title order={2} size="h3" id={id} mb="md">
        {title}
      </Title>
      {children}
    </Paper>
  );
}
