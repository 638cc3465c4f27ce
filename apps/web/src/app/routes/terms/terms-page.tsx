import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { termsEn } from '../../../features/terms/content/en';
import { termsFr } from '../../../features/terms/content/fr';
import { useTranslation } from '../../../lib/i18n';

/** `/term-of-services`: readable by anyone, signed in or not. */
export default function TermsPage() {
  const { t, locale } = useTranslation();
  const terms = locale === 'fr' ? termsFr : termsEn;
  return (
    <Stack gap="md" component="article">
      <div>
        <Title order={1} size="h2">
          {t('pages.terms')}
        </Title>
        <Text size="sm" c="dimmed" mt={4}>
          {terms.updated}
        </Text>
      </div>
      <Text>{terms.intro}</Text>
      {terms.sections.map((section) => (
        <Stack key={section.heading} gap={6} component="section">
          <Title order={2} size="h4">
            {section.heading}
          </Title>
          {section.paragraphs.map((paragraph) => (
            <Text key={paragraph} size="sm">
              {paragraph}
            </Text>
          ))}
        </Stack>
      ))}
      <Anchor component={Link} to="/" size="sm">
        {t('passwordForgotten.backToSignIn')}
      </Anchor>
    </Stack>
  );
}
