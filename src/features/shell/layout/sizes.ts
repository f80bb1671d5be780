/** SPEC §9 layout sizes, in CSS pixels. */
export const HEADER_HEIGHT = 120; // layout 3's header: the admin bar and the toolbar
export const ADMIN_BAR_HEIGHT = 52;
export const TOOLBAR_HEIGHT = HEADER_HEIGHT - ADMIN_BAR_HEIGHT;
export const SIDEBAR_WIDTH = 240; // the info menu's width
export const NAVBAR_WIDTH = 280;
export const NAVBAR_FOLDED_WIDTH = 64;

/** The phone/desktop media queries (src/ui/breakpoints.ts), where the layout's sizes are looked for. */
export { desktop, mobile } from '../../../ui/breakpoints.ts';
