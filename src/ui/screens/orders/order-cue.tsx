import { Switch } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';

// The board's optional audible cue for a new order: off by default, the choice kept in
// this browser (localStorage), a short beep made with WebAudio (no sound file to fetch). Browsers let a page
// make sound only after a person interacted with it: turning the cue on is that interaction, and a board
// opened with the cue already on starts sounding after the first click anywhere on it.

const STORAGE_KEY = 'orderHub.board.soundCue';

function remembered(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEY) === 'on';
  } catch {
    return false;
  }
}

/** Two short tones, 880 Hz then 1320 Hz, about a third of a second in all, faded in and out so they do not click. */
function beep(context: AudioContext): void {
  const start = context.currentTime;
  [880, 1320].forEach((frequency, i) => {
    const at = start + i * 0.16;
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.3, at + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.14);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(at);
    oscillator.stop(at + 0.15);
  });
}

export interface OrderCue {
  enabled: boolean;
  setEnabled(on: boolean): void;
  /** Sounds the cue if it is on. */
  play(): void;
  /** Sounds the cue whether or not it is on for new orders: an order about to miss its deadline. */
  warn(): void;
}

export function useOrderCue(): OrderCue {
  const [enabled, setEnabledState] = useState(remembered);
  const context = useRef<AudioContext | null>(null);
  const ensureContext = useCallback(() => {
    context.current ??= new AudioContext();
    if (context.current.state === 'suspended') void context.current.resume();
    return context.current;
  }, []);
  useEffect(() => () => void context.current?.close(), []);
  const setEnabled = useCallback(
    (on: boolean) => {
      setEnabledState(on);
      try {
        localStorage.setItem(STORAGE_KEY, on ? 'on' : 'off');
      } catch {
        // Storage refused (private mode): the choice lasts as long as the page.
      }
      if (on) ensureContext();
    },
    [ensureContext],
  );
  const play = useCallback(() => {
    if (enabled) beep(ensureContext());
  }, [enabled, ensureContext]);
  const warn = useCallback(() => beep(ensureContext()), [ensureContext]);
  return { enabled, setEnabled, play, warn };
}

export function OrderCueSwitch({ cue }: { cue: OrderCue }) {
  return (
    <Switch
      label="Sound for new orders"
      checked={cue.enabled}
      onChange={(e) => cue.setEnabled(e.currentTarget.checked)}
    />
  );
}
