/**
 * The painted lobby (lobby.html) stands while a screen holds it and goes once none does — after
 * the commit, so a screen that replaces another in one commit keeps it up (paintedLobbyHold.tsx).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createPaintedLobby } from '../../src/ui/paintedLobbyHold.tsx';

function painted(): HTMLElement {
  const element = document.createElement('div');
  element.id = 'painted-lobby';
  document.body.append(element);
  return element;
}
const settled = () => new Promise<void>((resolve) => queueMicrotask(resolve));

afterEach(() => document.body.replaceChildren());

describe('the painted lobby’s hold', () => {
  it('stays while a screen holds it, through one screen replacing another, and goes when the last lets go', async () => {
    const element = painted();
    const lobby = createPaintedLobby(element);
    const boot = lobby.hold();
    // The cover goes and the lobby page (still loading) comes in one commit.
    boot();
    const page = lobby.hold();
    await settled();
    expect(element.isConnected).toBe(true);
    expect(lobby.standing()).toBe(true);
    // The page draws its tiles: nothing holds it any more.
    page();
    page();
    await settled();
    expect(element.isConnected).toBe(false);
    expect(lobby.standing()).toBe(false);
  });

  it('goes after the app’s first commit if no screen held it (the app had something else to say)', () => {
    const element = painted();
    const lobby = createPaintedLobby(element);
    lobby.settle();
    expect(element.isConnected).toBe(false);
  });

  it('is not there on a page that came without it', () => {
    const lobby = createPaintedLobby(null);
    expect(lobby.standing()).toBe(false);
    lobby.hold()();
    lobby.settle();
    expect(lobby.standing()).toBe(false);
  });
});
