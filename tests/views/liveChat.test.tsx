import { afterEach, describe, expect, it, vi } from 'vitest';
import { LIVE_CHAT_FALLBACK_MS, liveChatScriptUrl, scheduleLiveChat } from '../../src/services/liveChat.ts';

afterEach(() => {
  vi.useRealTimers();
  document.querySelectorAll('script[data-live-chat]').forEach((s) => s.remove());
});

describe('live chat loading', () => {
  it('injects the provider script lazily, at the latest after the 5 s fallback', () => {
    vi.useFakeTimers();
    // No idle callbacks in this environment: only the fallback can load it.
    const idle = window.requestIdleCallback;
    Object.defineProperty(window, 'requestIdleCallback', { value: undefined, configurable: true });
    try {
      scheduleLiveChat('tawk', 'abc123');
      expect(document.querySelector('script[data-live-chat]')).toBeNull();
      vi.advanceTimersByTime(LIVE_CHAT_FALLBACK_MS - 1);
      expect(document.querySelector('script[data-live-chat]')).toBeNull();
      vi.advanceTimersByTime(1);
      const script = document.querySelector<HTMLScriptElement>('script[data-live-chat]');
      expect(script?.src).toBe('https://embed.tawk.to/abc123/default');
      expect(script?.async).toBe(true);
    } finally {
      Object.defineProperty(window, 'requestIdleCallback', { value: idle, configurable: true });
    }
  });

  it('the second provider kind has its own script, loaded once', () => {
    vi.useFakeTimers();
    scheduleLiveChat('jivo', 'w1');
    scheduleLiveChat('jivo', 'w1');
    vi.advanceTimersByTime(LIVE_CHAT_FALLBACK_MS);
    const scripts = document.querySelectorAll<HTMLScriptElement>('script[data-live-chat]');
    expect(scripts).toHaveLength(1);
    expect(scripts[0]?.src).toBe(liveChatScriptUrl('jivo', 'w1'));
  });

  it('a cancelled schedule loads nothing', () => {
    vi.useFakeTimers();
    const cancel = scheduleLiveChat('tawk', 'x');
    cancel();
    vi.advanceTimersByTime(LIVE_CHAT_FALLBACK_MS * 2);
    expect(document.querySelector('script[data-live-chat]')).toBeNull();
  });
});
