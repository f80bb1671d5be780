/**
 * The game screen's shapes, as container queries on its size container (GamePage's Screen): the
 * layout follows the screen's own shape, so a rotated screen is laid out as the landscape it is.
 */
export const GAME = 'game';
export const LANDSCAPE = '(orientation: landscape)';
/** A phone on its side, or a desktop at 200 % zoom: every control must fit beside the picture. */
export const SHORT_LANDSCAPE = '(orientation: landscape) and (max-height: 540px)';
