import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { chatPanelMachine, type ChatContact, type ChatMessage, type ChatStatus } from '../../machines/chatPanel.ts';
import { navigationMachine } from '../../machines/navigation.ts';
import { registerMachine } from '../../machines/register.ts';
import { ChromeHost } from '../../src/features/shell/chrome/ChromeHost.tsx';
import { ChromeTray } from '../../src/features/shell/layout/ChromeTray.tsx';
import { NavigationProvider } from '../../src/features/shell/navigation/NavigationProvider.tsx';
import { DEFAULT_SETTINGS } from '../../protocol/settings.ts';
import type { QuickPanelData } from '../../protocol/template.ts';
import { quickSettingsStorage } from '../../src/services/playerStorage.ts';
import { RuntimeProvider, type ViewLogic, type ViewRuntime } from '../../src/features/viewRuntime.tsx';
import { renderView } from './render.tsx';

const contacts: ChatContact[] = [
  { id: 'support', name: 'Support', avatar: 'data:,', status: 'online', mood: '', unread: 2 },
  { id: 'ayse', name: 'Ayşe', avatar: 'data:,', status: 'away', mood: '', unread: 1 },
];

function renderButtons(options: { failStatus?: boolean } = {}) {
  const server: { status: ChatStatus } = { status: 'online' };
  let finishSave: () => void = () => {};
  const saveStatus = vi.fn(
    (status: ChatStatus) =>
      new Promise<ChatStatus>((resolve, reject) => {
        finishSave = () => {
          if (options.failStatus) return reject({ code: null, message: 'Failed to fetch', params: {} });
          server.status = status;
          resolve(status);
        };
      }),
  );
  const sendMessage = vi.fn(
    async (input: { messageText: string }): Promise<ChatMessage> => ({ who: '1', message: input.messageText, time: '2026-01-01T10:00:00Z' }),
  );
  const template: ViewLogic['template'] = {
    chatPanel: chatPanelMachine.provide({
      actors: {
        fetchContacts: fromPromise(async () => ({ contacts, userId: '1', status: server.status })),
        fetchChat: fromPromise(async ({ input }) =>
          input.contactId === 'support' ? { id: 'c-support', dialog: [{ who: 'support', message: 'Welcome!', time: '2026-01-01T09:00:00Z' }] } : { id: 'c-ayse', dialog: [] },
        ),
        sendMessage: fromPromise(({ input }) => sendMessage(input)),
        saveStatus: fromPromise(({ input }) => saveStatus(input.status)),
      },
      // The badge at once here (the product waits a second after the page).
      delays: { badgeRefresh: 0 },
    }),
    quickSettings: quickSettingsStorage,
    quickPanelData: fromPromise(async (): Promise<QuickPanelData> => ({
      events: [{ id: 1, title: 'Jackpot night', detail: 'Friday 21:00' }],
      notes: [],
    })),
    register: registerMachine,
  };
  const runtime = { settings: DEFAULT_SETTINGS, logic: { template, navigation: navigationMachine } as Partial<ViewLogic> as ViewLogic } as ViewRuntime;
  return { sendMessage, saveStatus, finishSave: () => finishSave(), view: renderView(
      <RuntimeProvider runtime={runtime}>
        <NavigationProvider>
          <ChromeHost>
            <ChromeTray place="toolbar" />
          </ChromeHost>
        </NavigationProvider>
      </RuntimeProvider>,
    ), };
}

describe('chat panel', () => {
  it('shows the unread total on the toolbar button', async () => {
    await renderButtons().view;
    expect((await screen.findByTestId('chat-unread')).textContent).toBe('3');
  });

  it('opens from the toolbar with no contact selected', async () => {
    const user = userEvent.setup();
    await renderButtons().view;
    await user.click(screen.getByTestId('chat-toggle'));
    const panel = await screen.findByTestId('chat-panel');
    expect(within(panel).getByRole('heading', { name: 'Team Chat' })).toBeTruthy();
    expect(await within(panel).findByText('Select a contact to start a conversation.')).toBeTruthy();
  });

  it('clicking a contact loads its chat; an empty chat invites the first message', async () => {
    const user = userEvent.setup();
    await renderButtons().view;
    await user.click(screen.getByTestId('chat-toggle'));
    await user.click(await screen.findByTestId('chat-contact-support'));
    expect(await screen.findByText('Welcome!')).toBeTruthy();
    await user.click(screen.getByTestId('chat-contact-ayse'));
    expect(await screen.findByText('Start a conversation by typing your message below.')).toBeTruthy();
  });

  it('sends a message and shows it', async () => {
    const user = userEvent.setup();
    const { sendMessage, view } = renderButtons();
    await view;
    await user.click(screen.getByTestId('chat-toggle'));
    await user.click(await screen.findByTestId('chat-contact-ayse'));
    await user.type(await screen.findByTestId('chat-input'), 'Hello there{Enter}');
    expect(await screen.findByText('Hello there')).toBeTruthy();
    expect(sendMessage).toHaveBeenCalledWith({ chatId: 'c-ayse', contactId: 'ayse', messageText: 'Hello there' });
    expect((screen.getByTestId('chat-input') as HTMLInputElement).value).toBe('');
  });

  it('does not send an empty or blank message', async () => {
    const user = userEvent.setup();
    const { sendMessage, view } = renderButtons();
    await view;
    await user.click(screen.getByTestId('chat-toggle'));
    await user.click(await screen.findByTestId('chat-contact-ayse'));
    const input = await screen.findByTestId('chat-input');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Send' }).disabled).toBe(true);
    await user.type(input, '   {Enter}');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Send' }).disabled).toBe(true);
    expect(sendMessage).not.toHaveBeenCalled();
    expect(screen.getByText('Start a conversation by typing your message below.')).toBeTruthy();
  });

  it('Escape closes the panel and clears the selection', async () => {
    const user = userEvent.setup();
    await renderButtons().view;
    await user.click(screen.getByTestId('chat-toggle'));
    await user.click(await screen.findByTestId('chat-contact-support'));
    await screen.findByText('Welcome!');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('chat-panel')).toBeNull());
    await user.click(screen.getByTestId('chat-toggle'));
    expect(await screen.findByText('Select a contact to start a conversation.')).toBeTruthy();
  });

  it('the close button closes the panel', async () => {
    const user = userEvent.setup();
    await renderButtons().view;
    await user.click(screen.getByTestId('chat-toggle'));
    await user.click(await screen.findByRole('button', { name: 'Close the panel' }));
    await waitFor(() => expect(screen.queryByTestId('chat-panel')).toBeNull());
    expect(screen.getByTestId('chat-toggle').getAttribute('aria-expanded')).toBe('false');
  });
});

describe('chat panel: the player’s own status', () => {
  const statusSelect = () => within(screen.getByTestId('chat-status')).getByRole<HTMLSelectElement>('combobox', { name: 'Your status' });

  it('shows the saved status and offers the four of SPEC §3', async () => {
    const user = userEvent.setup();
    await renderButtons().view;
    await user.click(screen.getByTestId('chat-toggle'));
    await screen.findByTestId('chat-panel');
    await waitFor(() => expect(statusSelect().value).toBe('online'));
    expect(within(statusSelect()).getAllByRole('option').map((o) => o.textContent)).toEqual(['Online', 'Away', 'Do not disturb', 'Offline']);
  });

  it('a new status is saved, shown while it is on its way, and kept after reopening', async () => {
    const user = userEvent.setup();
    const { saveStatus, finishSave, view } = renderButtons();
    await view;
    await user.click(screen.getByTestId('chat-toggle'));
    await waitFor(() => expect(statusSelect().value).toBe('online'));
    await user.selectOptions(statusSelect(), 'Do not disturb');
    expect(saveStatus).toHaveBeenCalledExactlyOnceWith('do-not-disturb');
    expect(statusSelect().value).toBe('do-not-disturb');
    expect(statusSelect().getAttribute('aria-busy')).toBe('true');
    expect(screen.getByTestId('chat-status').dataset.state).toBe('saving');
    finishSave();
    await waitFor(() => expect(screen.getByTestId('chat-status').dataset.state).toBe('idle'));
    expect(statusSelect().value).toBe('do-not-disturb');
    expect(screen.queryByRole('alert')).toBeNull();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('chat-panel')).toBeNull());
    await user.click(screen.getByTestId('chat-toggle'));
    await waitFor(() => expect(statusSelect().value).toBe('do-not-disturb'));
  });

  it('a failed save says so and shows the previous status again', async () => {
    const user = userEvent.setup();
    const { finishSave, view } = renderButtons({ failStatus: true });
    await view;
    await user.click(screen.getByTestId('chat-toggle'));
    await waitFor(() => expect(statusSelect().value).toBe('online'));
    await user.selectOptions(statusSelect(), 'Away');
    expect(statusSelect().value).toBe('away');
    finishSave();
    expect((await screen.findByRole('alert')).textContent).toBe('Your status could not be saved.');
    expect(statusSelect().value).toBe('online');
    expect(screen.getByTestId('chat-status').dataset.state).toBe('failed');
  });
});

describe('quick panel', () => {
  it('shows today, the events and notes, and keeps the switches', async () => {
    const user = userEvent.setup();
    window.localStorage.removeItem('reelside.quickSettings');
    await renderButtons().view;
    await user.click(screen.getByTestId('quick-panel-toggle'));
    const panel = await screen.findByTestId('quick-panel');
    expect(within(panel).getByTestId('quick-today')).toBeTruthy();
    expect(await within(panel).findByText('Jackpot night')).toBeTruthy();
    expect(within(panel).getByText('Nothing here yet.')).toBeTruthy();
    const retro = within(panel).getByRole<HTMLInputElement>('switch', { name: 'Retro thrusters' });
    expect(retro.checked).toBe(false);
    await user.click(retro);
    expect(JSON.parse(window.localStorage.getItem('reelside.quickSettings') ?? '{}')).toMatchObject({ retro: true });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('quick-panel')).toBeNull());
  });
});
