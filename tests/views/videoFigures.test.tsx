import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { VideoStats } from '../../machines/gameSession.ts';
import { VideoFigures } from '../../src/features/product/game/SideBar.tsx';
import { renderView } from './render.tsx';

/** The side bar's stats line: what the browser measured, labelled, translated, and nothing guessed. */

const measured: VideoStats = { width: 640, height: 360, fps: 30, roundTripMs: 2, inputDelayMs: 21 };

describe('the video figures', () => {
  it('name each figure: size, frames per second, round trip, and press → video when measured', async () => {
    await renderView(<VideoFigures stats={measured} />);
    expect(screen.getByTestId('video-stats').textContent).toBe('640×360 · 30 fps · round trip 2 ms · press → video 21 ms');
  });

  it('leave out what is not known rather than guess it', async () => {
    await renderView(<VideoFigures stats={{ ...measured, roundTripMs: null, inputDelayMs: null }} />);
    expect(screen.getByTestId('video-stats').textContent).toBe('640×360 · 30 fps');
    expect(screen.queryByTestId('video-input-delay')).toBeNull();
  });

  it('are translated, the size kept left to right in Arabic', async () => {
    const { unmount } = await renderView(<VideoFigures stats={measured} />, 'tr');
    expect(screen.getByTestId('video-stats').textContent).toBe('640×360 · 30 kare/sn · gidiş-dönüş 2 ms · tuş → görüntü 21 ms');
    unmount();
    await renderView(<VideoFigures stats={measured} />, 'ar');
    expect(screen.getByTestId('video-stats').textContent).toBe('640×360 · 30 إطار/ث · ذهاب وإياب 2 ملي ثانية · من الضغط إلى الصورة 21 ملي ثانية');
    expect(screen.getByText('640×360').getAttribute('dir')).toBe('ltr');
  });
});
