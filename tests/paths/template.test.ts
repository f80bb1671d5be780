import { describe, expect, it } from 'vitest';
import { chatPanelMachine, type ChatPanelEvent } from '../../machines/chatPanel.ts';
import { registerMachine } from '../../machines/register.ts';
import { describePath, generatePaths } from '../../scripts/paths/pathHelper.ts';
import { chatPanelPayloads, pathFixtures, registerPayloads } from '../../scripts/paths/payloads.ts';

describe('path tests generated from the template machines', () => {
  it('register: every state and event; a registration is sent only when complete, and a refusal can be tried again', () => {
    const suite = generatePaths(registerMachine, { payloads: registerPayloads, distinguish: pathFixtures.register?.distinguish });
    expect(suite.missing).toEqual([]);
    expect(suite.unexercisedEvents).toEqual([]);
    const registered = suite.paths.find((p) => p.state.matches('registered'));
    expect(registered && describePath(registered)).toBe('user.submit → xstate.done.actor.register');
    expect(registered?.state.context.username).toBe('newcomer');
    expect(suite.paths.some((p) => p.state.matches('failed') && 'username' in p.state.context.refusals)).toBe(true);

    const incomplete = generatePaths(registerMachine, {
      payloads: { ...registerPayloads, 'user.submit': [{ type: 'user.submit', values: { username: 'x', password: '', email: 'e', name: 'n' } }] },
    });
    expect(incomplete.paths.some((p) => !p.state.matches('idle'))).toBe(false);
  });

  it('chatPanel: the status is saved only once known, and only when it changes', () => {
    const fixture = pathFixtures.chatPanel;
    const suite = generatePaths(chatPanelMachine, { payloads: chatPanelPayloads, distinguish: fixture?.distinguish, stopWhen: fixture?.stopWhen });
    expect(suite.missing).toEqual([]);
    const saving = suite.paths.filter((p) => p.state.matches({ open: { status: 'saving' } }));
    expect(saving.length).toBeGreaterThan(0);
    // Where a step started a save, the status was known and the chosen one another.
    let started = 0;
    for (const path of suite.paths) {
      path.steps.forEach((step, index) => {
        const before = path.steps[index - 1]?.state;
        const event = step.event as ChatPanelEvent;
        if (event.type !== 'user.setStatus' || !before?.matches({ open: { status: 'idle' } })) return;
        if (!step.state.matches({ open: { status: 'saving' } })) return;
        expect(before.context.status).not.toBeNull();
        expect(event.status).not.toBe(before.context.status);
        started += 1;
      });
    }
    expect(started).toBeGreaterThan(0);
    const shortest = saving.map((p) => describePath(p)).sort((a, b) => a.length - b.length)[0];
    expect(shortest).toBe('user.toggle → xstate.done.actor.fetchContacts → user.setStatus');
  });
});
