import { Text, Title } from '@mantine/core';

/** The heading of every sign-in page: its title and a line saying what happens here. */
export function AuthHeading({ title, intro }: { title: string; intro: string }) {
  return (
    <div>
      <Title order={1} size="h2">
        {title}
      </Title>
      <Text c="dimmed" size="sm" mt={4}>
        {intro}
      </Text>
    </div>
  );
}
