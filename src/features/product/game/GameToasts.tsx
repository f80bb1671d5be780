import { createGlobalStyle } from 'styled-components';
import { shortSide } from './layout.ts';

/**
 * Where the toast region (src/ui/toasts.tsx) sits while the game is on screen: over the side bar's
 * top, never over the machine's picture or its play deck. It comes with the game's code, so the
 * login's boot does not carry it; its rules outrank the region's own (an attribute under `html:has`).
 */
export const GameToasts = createGlobalStyle`
  /* (Under the screen's buttons and the session's time and net: about 90 px.) */
  html:has([data-game-screen]) [data-toast-region] {
    bottom: auto;
    inset-inline: auto 12px;
    top: 92px;
    width: min(296px, calc(100% - 24px));
    flex-direction: column;
  }
  @media (orientation: portrait) {
    html:has([data-game-screen]) [data-toast-region] {
      /* Under the picture (16:9 of the width) and its row of screen buttons. */
      top: calc(56.25vw + 92px);
      inset-inline: 12px;
      width: auto;
    }
  }
  /* A phone on its side (the game's short landscape, layout.ts: picture | screen controls | side
     bar): over the side bar's meters at its top, as wide as the side bar, never over the deck. */
  @media (orientation: landscape) and (max-height: 540px) {
    html:has([data-game-screen] [data-side='open']) [data-toast-region] {
      top: calc(8px + env(safe-area-inset-top));
      inset-inline: auto 8px;
      width: calc(${shortSide('dvw', 'dvh')} - 16px);
      font-size: 0.875rem;
    }
    html:has([data-game-screen] [data-side='open']) [data-toast-region] > * {
      padding: 8px 12px;
    }
  }
  /* The game turned a quarter on an upright phone (Rotate: GamePage's Screen, rotated about its
     top-left corner from the viewport's top-right): the toasts turn with it, over the side bar's
     meters as on a phone on its side — the side bar at the turned screen's end. */
  html:has([data-game-screen] [data-rotated='true'] [data-side='open']) [data-toast-region] {
    --side: ${shortSide('dvh', 'dvw')};
    top: 0;
    bottom: auto;
    left: 100dvw;
    right: auto;
    width: calc(var(--side) - 16px);
    font-size: 0.875rem;
    transform-origin: 0 0;
    transform: rotate(90deg) translate(calc(100dvh - var(--side) + 8px), 8px);
  }
  html[dir='rtl']:has([data-game-screen] [data-rotated='true'] [data-side='open']) [data-toast-region] {
    transform: rotate(90deg) translate(8px, 8px);
  }
  html:has([data-game-screen] [data-rotated='true'] [data-side='open']) [data-toast-region] > * {
    padding: 8px 12px;
  }
`;
