import {
  Alert,
  Button,
  Code,
  Group,
  Image,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { FormError } from '../../../components/form-error';
import { useTranslation } from '../../../lib/i18n';
import { toastSuccess } from '../../../lib/toasts';
import { useDisableTwoFactor } from '../api/disable-two-factor';
import { useEnableTwoFactor } from '../api/enable-two-factor';
import { twoFactorQueryOptions } from '../api/get-two-factor';
import { useSetUpTwoFactor } from '../api/set-up-two-factor';

/** The QR code of the otpauth URI; `qrcode` is fetched only when a set-up starts. */
function QrCode({ value, label }: { value: string; label: string }) {
  const [source, setSource] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    import('qrcode')
      .then((qrcode) => qrcode.toString(value, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }))
      .then((svg) => {
        if (live) setSource(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      })
      .catch(() => setSource(null));
    return () => {
      live = false;
    };
  }, [value]);
  if (!source) return <div style={{ width: 180, height: 180 }} />;
  return <Image src={source} alt={label} w={180} h={180} />;
}

export function TwoFactorSection() {
  const { t } = useTranslation();
  const status = useQuery(twoFactorQueryOptions());
  const setUp = useSetUpTwoFactor();
  const enable = useEnableTwoFactor();
  const disable = useDisableTwoFactor();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [required, setRequired] = useState<string | undefined>();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  if (recoveryCodes) {
    return (
      <Stack gap="sm">
        <Alert color="teal" variant="light" role="status" title={t('profileSecurity.recoveryTitle')}>
          {t('profileSecurity.recoveryIntro')}
        </Alert>
        <SimpleGrid
          cols={{ base: 2, sm: 5 }}
          spacing="xs"
          component="ul"
          style={{ listStyle: 'none', padding: 0 }}
        >
          {recoveryCodes.map((value) => (
            <li key={value}>
              <Code>{value}</Code>
            </li>
          ))}
        </SimpleGrid>
        <Group justify="flex-end">
          <Button onClick={() => setRecoveryCodes(null)}>{t('profileSecurity.recoveryDone')}</Button>
        </Group>
      </Stack>
    );
  }

  if (status.data?.enabled) {
    const onDisable = (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (!password) return setRequired(t('form.required'));
      setRequired(undefined);
      disable.mutate(
        { password },
        {
          onSuccess: () => {
            setPassword('');
            toastSuccess(t('profileSecurity.disabled'));
          },
        },
      );
    };
    return (
      <form onSubmit={onDisable} noValidate>
        <Stack gap="sm">
          <Text size="sm">{t('profileSecurity.twoFactorOn', { count: status.data.recoveryCodesLeft })}</Text>
          <FormError error={disable.error} />
          <PasswordInput
            label={t('profileSecurity.disablePassword')}
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            error={required}
            visibilityToggleButtonProps={{ 'aria-label': t('form.showPassword') }}
          />
          <Group justify="flex-end">
            <Button type="submit" color="red" variant="outline" loading={disable.isPending}>
              {t('profileSecurity.disable')}
            </Button>
          </Group>
        </Stack>
      </form>
    );
  }

  if (setUp.data) {
    const onEnable = (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const value = code.trim();
      if (!value) return setRequired(t('form.required'));
      setRequired(undefined);
      enable.mutate(
        { code: value },
        {
          onSuccess: (result) => {
            setCode('');
            setUp.reset();
            setRecoveryCodes(result.recoveryCodes);
            toastSuccess(t('profileSecurity.enabled'));
          },
        },
      );
    };
    return (
      <form onSubmit={onEnable} noValidate>
        <Stack gap="sm">
          <Text size="sm">{t('profileSecurity.scan')}</Text>
          <Group align="center" gap="lg" wrap="wrap">
            <QrCode value={setUp.data.otpauthUri} label={t('profileSecurity.qrAlt')} />
            <div>
              <Text size="xs" c="dimmed">
                {t('profileSecurity.key')}
              </Text>
              <Code data-testid="two-factor-secret" style={{ wordBreak: 'break-all' }}>
                {setUp.data.secret}
              </Code>
            </div>
          </Group>
          <FormError error={enable.error} />
          <TextInput
            label={t('profileSecurity.appCode')}
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={6}
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
            error={required}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={enable.isPending}>
              {t('profileSecurity.enable')}
            </Button>
          </Group>
        </Stack>
      </form>
    );
  }

  return (
    <Stack gap="sm" align="flex-start">
      <Text size="sm">{t('profileSecurity.twoFactorOff')}</Text>
      <FormError error={status.error ?? setUp.error} />
      <Button
        variant="default"
        loading={setUp.isPending}
        disabled={!status.data}
        onClick={() => setUp.mutate()}
      >
        {t('profileSecurity.setUp')}
      </Button>
    </Stack>
  );
}
