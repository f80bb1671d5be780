import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { playerLimitsMachine, type LimitsView } from '../../machines/playerLimits.ts';
import { LimitKind, type LimitRequest, type PlayerLimit } from '../../protocol/protection.ts';
import { DEFAULT_SETTINGS } from '../../protocol/settings.ts';
import { LimitsCard } from '../../src/features/product/protection/LimitsCard.tsx';
import { RuntimeProvider, type ViewLogic, type ViewRuntime } from '../../src/features/viewRuntime.tsx';
import { renderView } from './render.tsx';

const DAY = 24 * 60 * 60 * 1000;
/** A raise asked now counts from a day later (the operator says when: `pending.from`). */
const FROM = Date.UTC(2026, 10, 30, 14, 5);

function view(overrides: Partial<Record<LimitKind, Partial<PlayerLimit>>> = {}, mandatory: LimitKind[] = []): LimitsView {
  return { limits: LimitKind.options.map((kind) => ({ kind, amount: null, pending: null, ...overrides[kind] })), mandatory };
}

/** The profile's limits card with the real chart; its save records what it was asked and answers as told. */
async function renderLimits(first: LimitsView, answer: (request: LimitRequest) => Promise<LimitsView>) {
  const asked: LimitRequest[] = [];
  const playerLimits = playerLimitsMachine.provide({
    actors: {
      load: fromPromise(async () => first),
      save: fromPromise(({ input }) => {
        asked.push(input);
        return answer(input);
      }),
    },
  });
  const runtime = { settings: DEFAULT_SETTINGS, logic: { playerLimits } as Partial<ViewLogic> as ViewLogic } as Partial<ViewRuntime> as ViewRuntime;
  await renderView(
    <RuntimeProvider runtime={runtime}>
      <LimitsCard />
    </RuntimeProvider>,
  );
  return { asked, row: async (kind: LimitKind) => screen.findByTestId(`limit-${kind}`) };
}

describe("the profile's limits card (player protection)", () => {
  it('a raise is shown waiting with its amount and the date and time it counts from; the limit in force stays', async () => {
    const t = await renderLimits(view({ lossDay: { amount: 500 } }), async (request) => view({ lossDay: { amount: 500, pending: { amount: request.amount, from: FROM } } }));
    const daily = await t.row('lossDay');
    expect(within(daily).getByTestId('limit-now').textContent).toBe('$5.00');
    expect(within(daily).queryByTestId('limit-pending')).toBeNull();
    fireEvent.change(within(daily).getByLabelText('Daily loss limit'), { target: { value: '5000' } });
    await act(async () => fireEvent.click(within(daily).getByRole('button', { name: 'Set' })));
    expect(t.asked).toEqual([{ kind: 'lossDay', amount: 500_000 }]);
    const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(FROM));
    expect((await within(daily).findByTestId('limit-pending')).textContent).toBe(` · $5,000.00 from ${when}`);
    expect(within(daily).getByTestId('limit-now').textContent).toBe('$5.00');
  });

  it('a removal asked waits too ("No limit from …"), and Remove is not offered twice', async () => {
    const t = await renderLimits(view({ lossWeek: { amount: 2_000 } }), async () => view({ lossWeek: { amount: 2_000, pending: { amount: null, from: FROM + DAY } } }));
    const weekly = await t.row('lossWeek');
    await act(async () => fireEvent.click(within(weekly).getByRole('button', { name: 'Remove' })));
    expect(t.asked).toEqual([{ kind: 'lossWeek', amount: null }]);
    const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(FROM + DAY));
    expect((await within(weekly).findByTestId('limit-pending')).textContent).toBe(` · No limit from ${when}`);
    expect(within(weekly).getByRole('button', { name: 'Remove' }).hasAttribute('disabled')).toBe(true);
  });

  it('a limit the jurisdiction requires says so and cannot be removed; an amount that is not one cannot be set', async () => {
    const t = await renderLimits(view({ transferDay: { amount: 100_000 } }, ['transferDay']), async () => view());
    const transfers = await t.row('transferDay');
    expect(transfers.textContent).toContain('$1,000.00 · Required here');
    expect(within(transfers).queryByRole('button', { name: 'Remove' })).toBeNull();
    const input = within(transfers).getByLabelText('Daily transfer limit');
    fireEvent.change(input, { target: { value: 'ten' } });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(within(transfers).getByRole('button', { name: 'Set' }).hasAttribute('disabled')).toBe(true);
    expect(t.asked).toEqual([]);
  });
});
