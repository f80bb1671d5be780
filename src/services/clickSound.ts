/** A short click for machine buttons (CLICK_SOUND), synthesised: no audio file to load. */

/** The feel of a machine button (CLICK_SOUND): a click, and a haptic tick where the device has one. */
export function buttonFeedback(volume: number): void {
  playClick(volume);
  // A phone's short buzz; browsers without vibration (desktops, iOS Safari) have no `vibrate`.
  if (typeof navigator !== 'undefined' && typeof navigator.vibrate === 'function') navigator.vibrate(10);
}

let context: AudioContext | null = null;

export function playClick(volume: number): void {
  try {
    context ??= new AudioContext();
    const osc = context.createOscillator();
    const gain = context.createGain();
    osc.type = 'square';
    osc.frequency.value = 1800;
    gain.gain.setValueAtTime(0.08 * Math.max(0, Math.min(1, volume)), context.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.0001, context.currentTime + 0.04);
    osc.connect(gain).connect(context.destination);
    osc.start();
    osc.stop(context.currentTime + 0.05);
  } catch {
    // No audio (blocked or unsupported): a click is not worth an error.
  }
}
