import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Outlet } from '@tanstack/react-router';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { uiSettingsMachine, type StoredUiSettings } from '../../machines/uiSettings.ts';
import { defaultUiSettings } from '../../src/features/shell/settings/defaults.ts';
import { ShortcutsMenu } from '../../src/features/shell/shortcuts/ShortcutsMenu.tsx';
import { renderChrome } from './layoutKit.tsx';

/** A player whose settings hold Profile as a shortcut; saves land in `saved`. */
function playerSettings(shortcuts: string[]) {
  const saved: string[][] = [];
  const actor = createActor(
    uiSettingsMachine.provide({
      actors: {
        readLocal: fromPromise(async (): Promise<StoredUiSettings | null> => null),
        fetchRemote: fromPromise(async (): Promise<StoredUiSettings | null> => ({ shortcuts })),
        saveRemote: fromPromise(async ({ input }) => {
          saved.push(input.settings.shortcuts);
        }),
      },
      delays: { saveDelay: 10 },
    }),
    { input: { defaults: defaultUiSettings('layout1') } },
  ).start();
  actor.send({ type: 'session.login' });
  return { actor, saved };
}

function Opener({ actor }: { actor: ReturnType<typeof playerSettings>['actor'] }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        open
      </button>
      <ShortcutsMenu actor={actor} open={open} onOpenChange={setOpen} />
    </>
  );
}

async function renderMenu(shortcuts: string[]) {
  const { actor, saved } = playerSettings(shortcuts);
  await waitFor(() => expect(actor.getSnapshot().matches({ player: 'ready' })).toBe(true));
  const view = await renderChrome(
    <>
      <Opener actor={actor} />
      <Outlet />
    </>,
  );
  // Opened after the page is there: the modal menu hides the rest from the accessibility tree.
  fireEvent.click(screen.getByRole('button', { name: 'open' }));
  const menu = await screen.findByRole('dialog', { name: 'Shortcuts' });
  const mine = () => within(menu).getByRole('list', { name: 'Your shortcuts' });
  const search = within(menu).getByRole('searchbox', { name: 'Search shortcuts' });
  return { ...view, actor, saved, menu, mine, search };
}

describe('shortcuts menu', () => {
  it('lists the player’s shortcuts, adds from the menu they see, removes, and saves with their settings', async () => {
    const { actor, saved, menu, mine } = await renderMenu(['profile']);
    expect(within(mine()).getAllByRole('button', { name: /Profile$/ })).toHaveLength(1);
    const addable = within(menu).getByRole('list', { name: 'Pages to add' });
    expect(within(addable).queryByRole('button', { name: 'Add Profile to shortcuts' })).toBeNull();

    fireEvent.click(within(addable).getByRole('button', { name: 'Add Transactions to shortcuts' }));
    expect(actor.getSnapshot().context.settings.shortcuts).toEqual(['profile', 'transactions']);
    fireEvent.click(within(mine()).getByRole('button', { name: 'Remove Profile from shortcuts' }));
    expect(actor.getSnapshot().context.settings.shortcuts).toEqual(['transactions']);
    await waitFor(() => expect(saved).toEqual([['transactions']]));
  });

  it('the search is case-insensitive on the title and filters both lists', async () => {
    const { menu, mine, search } = await renderMenu(['profile', 'slot-sessions']);
    fireEvent.change(search, { target: { value: 'GAME sEsSiOnS' } });
    expect(within(mine()).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Game Sessions']);
    expect(within(menu).queryByRole('list', { name: 'Pages to add' })).toBeNull();

    fireEvent.change(search, { target: { value: 'trans' } });
    expect(within(mine()).queryAllByRole('listitem')).toHaveLength(0);
    expect(within(menu).getByText('No results..')).toBeTruthy();
    expect(within(within(menu).getByRole('list', { name: 'Pages to add' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Transactions']);
  });

  it('a shortcut goes to its page', async () => {
    const { mine, router } = await renderMenu(['transactions']);
    act(() => fireEvent.click(within(mine()).getByRole('button', { name: 'Transactions' })));
    await waitFor(() => expect(router.state.location.pathname).toBe('/transactions'));
  });
});
