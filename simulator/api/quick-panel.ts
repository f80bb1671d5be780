import { QuickPanelData } from '../../protocol/template.ts';
import { ok, type Route } from '../http/router.ts';
import { authenticate } from './authenticate.ts';
import type { ApiDeps } from './deps.ts';

/** GET /quick-panel/data: the template's quick panel (events and notes), fixed demo content. */

const DATA: QuickPanelData = {
  events: [
    { id: 1, title: 'Diamond Rush evening', detail: 'Friday 20:00 — double jackpot contributions on every Diamond Rush cabinet' },
    { id: 2, title: 'New cabinets', detail: 'Pharaoh Gold Sphinx is now on the floor' },
    { id: 3, title: 'Maintenance', detail: 'Golden Reels 04 is being serviced this week' },
  ],
  notes: [
    { id: 1, title: 'Responsible play', detail: 'Set yourself a budget before you cash in' },
    { id: 2, title: 'Idle lock', detail: 'After a minute without activity the screen locks; your PIN opens it' },
    { id: 3, title: 'Live cabinet', detail: 'Lucky Sevens Live is filmed by a camera on the floor' },
  ],
};

export function quickPanelRoutes(deps: ApiDeps): Route[] {
  return [
    {
      method: 'GET',
      path: '/api/quick-panel/data',
      handle: async (request) => {
        await authenticate(request.raw, deps);
        return ok(QuickPanelData, DATA);
      },
    },
  ];
}
