/**
 * What the door staff hear and feel: a short high double beep for an admission, a long low buzz for a
 * refusal, and the matching vibration. Phones only let a page play sound after a touch, so the audio
 * context is created on the first one (`unlockSound`).
 */
let context: AudioContext | null = null;

export function unlockSound(): void {
  if (typeof AudioContext === 'undefined') return;
  try {
    context ??= new AudioContext();
    if (context.state === 'suspended') void context.resume();
  } catch {
    context = null;
  }
}

function tone(audio: AudioContext, frequency: number, start: number, duration: number, wave: OscillatorType) {
  const oscillator = audio.createOscillator();
  const gain = audio.createGain();
  oscillator.type = wave;
  oscillator.frequency.value = frequency;
  // A short ramp at both ends: a tone cut dead clicks.
  gain.gain.setValueAtTime(0.0001, start);
  gain.gain.exponentialRampToValueAtTime(0.3, start + 0.01);
  gain.gain.exponentialRampToValueAtTime(0.0001, start + duration);
  oscillator.connect(gain).connect(audio.destination);
  oscillator.start(start);
  oscillator.stop(start + duration + 0.02);
}

export type FeedbackKind = 'admitted' | 'refused';

export function signal(kind: FeedbackKind): void {
  if (context && context.state === 'running') {
    const now = context.currentTime;
    if (kind === 'admitted') {
      tone(context, 1320, now, 0.09, 'sine');
      tone(context, 1760, now + 0.11, 0.12, 'sine');
    } else {
      tone(context, 180, now, 0.45, 'square');
    }
  }
  if (typeof navigator !== 'undefined' && 'vibrate' in navigator) {
    navigator.vibrate(kind === 'admitted' ? 60 : [200, 80, 200]);
  }
}
