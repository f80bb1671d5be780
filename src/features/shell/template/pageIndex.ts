import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** The pages the template's search pages look through: the product's own and the template's. */
export interface IndexedPage {
  url: string;
  title: MessageDescriptor;
  detail: MessageDescriptor;
}

export const PAGE_INDEX: readonly IndexedPage[] = [
  { url: '/lobby', title: msg`Lobby`, detail: msg`The slot machines on the floor, by brand.` },
  { url: '/profile', title: msg`Profile`, detail: msg`Your details, password and PIN, and your login history.` },
  { url: '/slot-sessions', title: msg`Game Sessions`, detail: msg`Your game sessions and their net results.` },
  { url: '/transactions', title: msg`Transactions`, detail: msg`Deposits, cash-outs and bonuses of your wallet.` },
  { url: '/protection-history', title: msg`Protection history`, detail: msg`Your limits, reality checks and breaks, as they were set.` },
  { url: '/pages/profile', title: msg`Demo profile`, detail: msg`The template's profile page.` },
  { url: '/pages/coming-soon', title: msg`Coming soon`, detail: msg`A page for what is not there yet.` },
  { url: '/pages/errors/error-404', title: msg`Error 404`, detail: msg`The page shown for an unknown address.` },
  { url: '/pages/errors/error-500', title: msg`Error 500`, detail: msg`The page shown for a server error.` },
  { url: '/ui/icons', title: msg`Icons`, detail: msg`The icon set of the menu and the toolbars.` },
  { url: '/ui/typography', title: msg`Typography`, detail: msg`Headings, text and lists in the product's type.` },
  { url: '/ui/helper-classes', title: msg`Helper classes`, detail: msg`Spacing, colour and text helpers.` },
  { url: '/ui/page-layouts/carded', title: msg`Carded layout`, detail: msg`A page with a header and a content card.` },
  { url: '/ui/page-layouts/simple', title: msg`Simple layout`, detail: msg`A page with a header and plain content.` },
  { url: '/ui/page-layouts/blank', title: msg`Blank layout`, detail: msg`An empty page inside the chrome.` },
  { url: '/documentation', title: msg`Documentation`, detail: msg`Where the project's documents are.` },
];
