import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Credentials, Session, TokenSources } from '../../machines/auth.ts';
import { DEFAULT_SETTINGS } from '../../protocol/settings.ts';
import { chooseLanguage } from '../../src/app/language.ts';
import { FirstLoginPage, LoginPage } from '../../src/features/product/auth/LoginPage.tsx';
import { loginDraft } from '../../src/features/product/auth/loginDraft.ts';
import { layoutChoiceStorage } from '../../src/services/playerStorage.ts';
import { RuntimeProvider, type ViewLogic } from '../../src/features/viewRuntime.tsx';
import { authWithChildren } from '../machines/authWithChildren.ts';
import { renderView } from './render.tsx';

/**
 * The router's login page taking over from the first one (painted, hydrated): for a moment the
 * first still covers the router's, and the player may go on typing and press Login in it.
 */
describe('the login page taking over from the first login', () => {
  beforeEach(() => loginDraft.clear());

  it('sends a Login pressed on the first form after the router’s page has mounted under it, once', async () => {
    const sent: Credentials[] = [];
    const auth = createActor(
      authWithChildren.provide({
        actors: {
          readTokens: fromPromise(async (): Promise<TokenSources> => ({ queryToken: null, storedToken: null })),
          // The network never answers: the login stays on its way.
          login: fromPromise<Session, Credentials>(({ input }) => {
            sent.push(input);
            return new Promise<Session>(() => {});
          }),
        },
      }),
    ).start();
    const user = userEvent.setup();
    await renderView(
      <RuntimeProvider runtime={{ settings: DEFAULT_SETTINGS, auth, logic: {} as ViewLogic, layoutChoice: layoutChoiceStorage, chooseLanguage }}>
        <div data-testid="routed">
          <LoginPage />
        </div>
        <div data-testid="cover">
          <FirstLoginPage settings={DEFAULT_SETTINGS} />
        </div>
      </RuntimeProvider>,
    );
    const cover = within(screen.getByTestId('cover'));
    await user.type(cover.getByLabelText('Email or username'), 'demo');
    await user.type(cover.getByLabelText('Password'), 'demo1234');
    await user.click(cover.getByRole('button', { name: 'Login' }));
    await expect.poll(() => sent).toEqual([{ username: 'demo', password: 'demo1234', remember: true }]);
    // The router's page shows it as its own login on its way, with what was typed.
    const routed = within(screen.getByTestId('routed'));
    expect(routed.getByRole('button', { name: 'Signing in...' })).toBeTruthy();
    expect(routed.getByLabelText<HTMLInputElement>('Email or username').value).toBe('demo');
    expect(sent).toHaveLength(1);
  });
});
