import { Alert, Box, Button, Stack } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { createQrDecoder, type QrDecoder } from '../decoder/qr-decoder';

/** A frame every this many milliseconds: quick enough to feel instant, light on a phone's battery. */
const FRAME_INTERVAL_MS = 120;

/**
 * The back camera with the QR decoder on its frames. Codes go to `onCode` as they are read; holding the same
 * code in view is the caller's to ignore (see the repeat gate).
 */
export function CameraScanner({ onCode, onStart }: { onCode: (code: string) => void; onStart: () => void }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [active, setActive] = useState(false);
  const [problem, setProblem] = useState<'denied' | 'unavailable' | null>(null);
  const onCodeRef = useRef(onCode);
  onCodeRef.current = onCode;

  useEffect(() => {
    if (!active) return;
    let stopped = false;
    let stream: MediaStream | null = null;
    let decoder: QrDecoder | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;

    async function tick(): Promise<void> {
      if (stopped) return;
      const element = video.current;
      if (element && decoder && element.readyState >= element.HAVE_CURRENT_DATA) {
        try {
          const text = await decoder.decode(element);
          if (text && !stopped) onCodeRef.current(text);
        } catch {
          // A frame that could not be read (the video was resizing): the next one will do.
        }
      }
      if (!stopped) timer = setTimeout(() => void tick(), FRAME_INTERVAL_MS);
    }

    (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } },
          audio: false,
        });
      } catch (error) {
        if (!stopped) {
          const name = error instanceof DOMException ? error.name : '';
          setProblem(name === 'NotAllowedError' || name === 'SecurityError' ? 'denied' : 'unavailable');
          setActive(false);
        }
        return;
      }
      if (stopped || !video.current) {
        for (const track of stream.getTracks()) track.stop();
        return;
      }
      video.current.srcObject = stream;
      await video.current.play().catch(() => undefined);
      decoder = await createQrDecoder();
      if (stopped) {
        decoder.close();
        return;
      }
      void tick();
    })();

    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      decoder?.close();
      for (const track of stream?.getTracks() ?? []) track.stop();
      if (video.current) video.current.srcObject = null;
    };
  }, [active]);

  const running = active;
  return (
    <Stack gap="xs">
      <Box
        pos="relative"
        bg="dark.8"
        style={{
          borderRadius: 12,
          overflow: 'hidden',
          aspectRatio: '4 / 3',
          display: running ? 'block' : 'none',
        }}
      >
        <video
          ref={video}
          aria-label={t('scan.camera.label')}
          muted
          playsInline
          style={{ width: '100%', height: '100%', objectFit: 'cover' }}
        />
        <Box
          aria-hidden="true"
          pos="absolute"
          style={{ inset: '15%', border: '3px solid rgba(255,255,255,0.85)', borderRadius: 16 }}
        />
      </Box>
      {problem === 'denied' && (
        <Alert color="yellow" role="status">
          {t('scan.camera.denied')}
        </Alert>
      )}
      {problem === 'unavailable' && (
        <Alert color="yellow" role="status">
          {t('scan.camera.unavailable')}
        </Alert>
      )}
      <Button
        size="lg"
        fullWidth
        variant={running ? 'default' : 'filled'}
        onClick={() => {
          onStart();
          setProblem(null);
          setActive(!running);
        }}
      >
        {running ? t('scan.camera.stop') : t('scan.camera.start')}
      </Button>
    </Stack>
  );
}
