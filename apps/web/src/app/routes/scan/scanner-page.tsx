import type { ScanDirection } from '@guichet/shared/scan';
import { Anchor, Button, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { startTokenRefresh } from '../../../features/scan/api/scan-client';
import { useTranslation } from '../../../lib/i18n';

/** The scanner frame's sign-out, from the page's module (it holds the API client). */
export { signOut } from '../../../features/scan/api/scan-client';

import { AttendeeSearch } from '../../../features/scan/components/attendee-search';
import { CameraScanner } from '../../../features/scan/components/camera-scanner';
import { CodeEntry } from '../../../features/scan/components/code-entry';
import { DoorPayment } from '../../../features/scan/components/door-payment';
import { RecentScans } from '../../../features/scan/components/recent-scans';
import { SetupForm } from '../../../features/scan/components/setup-form';
import { StatusBar } from '../../../features/scan/components/status-bar';
import { VerdictOverlay } from '../../../features/scan/components/verdict-overlay';
import { signal, unlockSound } from '../../../features/scan/device/feedback';
import { createWedgeReader, isEditableTarget } from '../../../features/scan/device/keyboard-wedge';
import { createRepeatGate } from '../../../features/scan/device/repeat-gate';
import { readGate, type StoredGate, saveGate } from '../../../features/scan/gate-storage';
import type { ScanInput, ScanOutcome } from '../../../features/scan/scanner-engine';
import { scannerEngine, useEngineState } from '../../../features/scan/use-engine';

/**
 * `/scan`: set up the gate once, then scan. Codes come from the camera, a hardware scanner (keyboard
 * wedge, any time, without touching the screen) or the keyboard; the verdict fills the screen.
 */
export default function ScannerPage() {
  const [gate, setGate] = useState<StoredGate | null>(readGate);
  const [editing, setEditing] = useState(gate === null);
  const engine = scannerEngine();

  useEffect(() => engine.start(), [engine]);
  useEffect(() => startTokenRefresh(), []);
  // The gate's lists, not its direction: turning entry into exit keeps the snapshot and the records.
  const organizationId = gate?.organizationId;
  const eventId = gate?.eventId;
  const listKey = gate?.listIds.join(',');
  useEffect(() => {
    if (editing || !organizationId || !eventId || !listKey) return;
    void engine.configure({ organizationId, eventId, listIds: listKey.split(',') });
  }, [engine, editing, organizationId, eventId, listKey]);

  if (editing || !gate) {
    return (
      <SetupForm
        initial={gate}
        onStart={(next) => {
          unlockSound();
          saveGate(next);
          setGate(next);
          setEditing(false);
        }}
      />
    );
  }
  return (
    <Gate
      gate={gate}
      onChange={() => setEditing(true)}
      onDirection={(direction) => {
        const next = { ...gate, direction };
        saveGate(next);
        setGate(next);
      }}
    />
  );
}

function Gate({
  gate,
  onChange,
  onDirection,
}: {
  gate: StoredGate;
  onChange: () => void;
  onDirection: (direction: ScanDirection) => void;
}) {
  const { t } = useTranslation();
  const engine = scannerEngine();
  const state = useEngineState();
  const [outcome, setOutcome] = useState<ScanOutcome | null>(null);
  const busy = useRef(false);
  const repeat = useRef(createRepeatGate());
  const direction = useRef(gate.direction);
  direction.current = gate.direction;

  const submit = useCallback(
    async (input: ScanInput) => {
      if (busy.current) return;
      busy.current = true;
      try {
        const result = await engine.scan(input, direction.current);
        setOutcome(result);
        signal(result.kind === 'verdict' && result.record.result === 'ok' ? 'admitted' : 'refused');
      } finally {
        busy.current = false;
      }
    },
    [engine],
  );

  /** The camera sees the same code in many frames: it goes through the repeat gate. */
  const fromCamera = useCallback(
    (code: string) => {
      if (busy.current || !repeat.current.admit(code, Date.now())) return;
      void submit({ secret: code });
    },
    [submit],
  );

  /** Typed or wedge-scanned on purpose: always checked, and the camera will not repeat it at once. */
  const deliberate = useCallback(
    (code: string) => {
      repeat.current.forget(code);
      repeat.current.admit(code, Date.now());
      void submit({ secret: code });
    },
    [submit],
  );

  useEffect(() => {
    const feed = createWedgeReader();
    const onKey = (event: KeyboardEvent) => {
      if (isEditableTarget(event.target) || event.ctrlKey || event.metaKey || event.altKey) return;
      const code = feed({ key: event.key, time: event.timeStamp });
      if (code) {
        event.preventDefault();
        deliberate(code);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [deliberate]);

  const clear = useCallback(() => setOutcome(null), []);

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Title order={1} size="h4" lineClamp={2} data-testid="scan-gate">
            {t('scan.gate', { event: gate.eventName, lists: gate.listNames.join(', ') })}
          </Title>
          <Text size="xs" c="dimmed" truncate>
            {gate.organizationName} · {engine.deviceId}
          </Text>
        </Stack>
        <Button variant="subtle" size="compact-sm" onClick={onChange} style={{ flexShrink: 0 }}>
          {t('scan.setup.change')}
        </Button>
      </Group>
      <StatusBar
        state={state}
        onSync={() => void engine.sync()}
        onUpdateSnapshot={() => void engine.refreshSnapshot()}
      />
      <SegmentedControl
        fullWidth
        size="lg"
        aria-label={t('scan.direction.label')}
        value={gate.direction}
        onChange={(value) => onDirection(value === 'exit' ? 'exit' : 'entry')}
        data={[
          { value: 'entry', label: t('scan.direction.entry') },
          { value: 'exit', label: t('scan.direction.exit') },
        ]}
      />
      <CameraScanner onCode={fromCamera} onStart={unlockSound} />
      <CodeEntry
        onCode={(code) => {
          unlockSound();
          deliberate(code);
        }}
      />
      {gate.canManage && (
        <AttendeeSearch
          organizationId={gate.organizationId}
          eventId={gate.eventId}
          listIds={gate.listIds}
          online={state.mode === 'online'}
          direction={gate.direction}
          onCheckIn={(ticketId) => submit({ ticketId })}
        />
      )}
      <DoorPayment
        organizationId={gate.organizationId}
        listIds={gate.listIds}
        deviceId={engine.deviceId}
        online={state.mode === 'online'}
      />
      <RecentScans records={state.recent} timeZone={gate.timeZone} />
      {outcome && <VerdictOverlay outcome={outcome} timeZone={gate.timeZone} onDone={clear} />}
      {gate.canManage && (
        <Anchor href="/" size="xs" ta="center" c="dimmed">
          {t('scan.backOffice')}
        </Anchor>
      )}
    </Stack>
  );
}
