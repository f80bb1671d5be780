import { screen } from '@testing-library/react';
import { Outlet } from '@tanstack/react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { Greeting } from '../../src/features/shell/layout/parts.tsx';
import { demoUser, desktop, fakeAuth, renderChrome } from './layoutKit.tsx';

const chrome = (
  <>
    <Greeting />
    <Outlet />
  </>
);

describe('the greeting in the toolbar', () => {
  beforeEach(desktop);

  it('welcomes a player who has logged in before back', async () => {
    await renderChrome(chrome, { auth: fakeAuth() });
    expect(screen.getByText(/Welcome/).textContent).toBe('Welcome back, Demo');
  });

  it('says only "Welcome" on a first login (the server names no previous one)', async () => {
    await renderChrome(chrome, { auth: fakeAuth({ user: { ...demoUser, lastLogon: null } }) });
    expect(screen.getByText(/Welcome/).textContent).toBe('Welcome, Demo');
  });
});
