import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** The footer's information pages (SPEC §2), served as static pages next to the app. */
export interface InfoPage {
  id: string;
  url: string;
  title: MessageDescriptor;
}

export const INFO_PAGES: readonly InfoPage[] = [
  { id: 'password-reset', url: '/password-reset.html', title: msg`Password Reset Procedure` },
  { id: 'game-rules', url: '/game-rules-and-content.html', title: msg`Game Rules and Content` },
  { id: 'player-protection', url: '/player-protection-information.html', title: msg`Player Protection Information` },
  { id: 'terms-of-use', url: '/terms-of-use.html', title: msg`Terms of Use` },
  { id: 'privacy-policy', url: '/privacy-policy.html', title: msg`Privacy Policy` },
  { id: 'paytables', url: '/paytables.html', title: msg`Paytables` },
];

export function infoPage(id: string | null): InfoPage | undefined {
  return INFO_PAGES.find((page) => page.id === id);
}
