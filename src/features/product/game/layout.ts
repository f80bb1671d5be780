/**
 * The game screen's shapes, as container queries on its size container (GamePage's Screen): the
 * layout follows the screen's own shape, so a rotated screen is laid out as the landscape it is.
 */
export const GAME = 'game';
export const LANDSCAPE = '(orientation: landscape)';
/** A phone on its side, or a desktop at 200 % zoom: every control must fit beside the picture. */
export const SHORT_LANDSCAPE = '(orientation: landscape) and (max-height: 540px)';

/**
 * The side bar's width on a short landscape screen (picture | 56 px strip | side bar): what the
 * 16:9 picture at full height leaves, within 200–300 px — `across` and `down` are the units of
 * the screen's width and height (`cqw`/`cqh` inside the game, `dvw`/`dvh` from the viewport).
 */
export const shortSide = (across: string, down: string): string => `clamp(200px, calc(100${across} - 177.78${down} - 56px), 300px)`;
