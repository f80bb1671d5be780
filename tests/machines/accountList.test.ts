import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import {
  createAccountListMachine,
  filterProblem,
  NO_FILTER,
  pageCount,
  type ListPage,
  type ListQuery,
} from '../../machines/accountList.ts';

interface Row {
  id: number;
}

/** A server with `total` rows, ids total…1 (newest first), answering like the simulator. */
function rows(total: number) {
  return ({ page, size }: ListQuery): ListPage<Row> => {
    const start = (page - 1) * size;
    const items = Array.from({ length: Math.max(0, Math.min(size, total - start)) }, (_, i) => ({ id: total - start - i }));
    return { items, total };
  };
}

function start(answer: (query: ListQuery) => Promise<ListPage<Row>> | ListPage<Row>, input = {}) {
  const queries: ListQuery[] = [];
  const fetchPage = vi.fn(async (query: ListQuery) => {
    queries.push(query);
    return answer(query);
  });
  const clock = new SimulatedClock();
  const actor = createActor(
    createAccountListMachine<Row>().provide({ actors: { fetchPage: fromPromise(({ input: q }) => fetchPage(q)) } }),
    { input, clock },
  ).start();
  return { actor, queries, fetchPage, clock };
}

const ready = (actor: ReturnType<typeof start>['actor']) => waitFor(actor, (s) => s.matches('ready'));

describe('accountList machine', () => {
  it('loads the first page of 10 with no filter', async () => {
    const { actor, queries } = start(rows(37));
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    await ready(actor);
    expect(queries).toEqual([{ page: 1, size: 10, filter: NO_FILTER }]);
    const { items, total, page } = actor.getSnapshot().context;
    expect(items.map((r) => r.id)).toEqual([37, 36, 35, 34, 33, 32, 31, 30, 29, 28]);
    expect({ total, page }).toEqual({ total: 37, page: 1 });
  });

  it('pages forward at once, keeping the shown rows until the next page arrives', async () => {
    let release: () => void = () => {};
    const server = rows(37);
    const { actor, queries } = start(async (q) => {
      if (q.page === 2) await new Promise<void>((r) => (release = r));
      return server(q);
    });
    await ready(actor);
    actor.send({ type: 'user.page', page: 2 });
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    expect(actor.getSnapshot().context.items[0]?.id).toBe(37);
    release();
    await ready(actor);
    expect(queries.at(-1)).toMatchObject({ page: 2, size: 10 });
    expect(actor.getSnapshot().context.items[0]?.id).toBe(27);
  });

  it('keeps a page request inside 1…last page', async () => {
    const { actor, queries } = start(rows(37));
    await ready(actor);
    actor.send({ type: 'user.page', page: 99 });
    await ready(actor);
    expect(queries.at(-1)?.page).toBe(4);
    actor.send({ type: 'user.page', page: 0 });
    await ready(actor);
    expect(queries.at(-1)?.page).toBe(1);
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(40, 10)).toBe(4);
  });

  it('a size change keeps the first shown row on the new page', async () => {
    const { actor, queries } = start(rows(137));
    await ready(actor);
    actor.send({ type: 'user.page', page: 6 }); // rows 51–60
    await ready(actor);
    actor.send({ type: 'user.size', size: 25 }); // row 51 is on page 3 (51–75)
    await ready(actor);
    expect(queries.at(-1)).toMatchObject({ page: 3, size: 25 });
    actor.send({ type: 'user.size', size: 10 }); // row 51 again: page 6
    await ready(actor);
    expect(queries.at(-1)).toMatchObject({ page: 6, size: 10 });
  });

  it('a filter waits for filterSettle, restarts on each change, then asks once from page 1', async () => {
    const { actor, queries, clock } = start(rows(37));
    await ready(actor);
    actor.send({ type: 'user.page', page: 3 });
    await ready(actor);
    const before = queries.length;
    actor.send({ type: 'user.filter', filter: { from: '0002-01-01', to: null, type: null } });
    clock.increment(300);
    actor.send({ type: 'user.filter', filter: { from: '2026-01-01', to: null, type: null } });
    clock.increment(300);
    expect(actor.getSnapshot().matches('settling')).toBe(true);
    expect(queries.length).toBe(before);
    clock.increment(100);
    await ready(actor);
    expect(queries.slice(before)).toEqual([{ page: 1, size: 10, filter: { from: '2026-01-01', to: null, type: null } }]);
  });

  it('an end day before the start day asks nothing and holds the pager until the filter is fixed', async () => {
    const { actor, queries, clock } = start(rows(37));
    await ready(actor);
    const before = queries.length;
    const bad = { from: '2026-02-10', to: '2026-02-01', type: null };
    expect(filterProblem(bad)).toBe('toBeforeFrom');
    actor.send({ type: 'user.filter', filter: bad });
    expect(actor.getSnapshot().matches('filterInvalid')).toBe(true);
    expect(actor.getSnapshot().context.filter).toEqual(bad);
    expect(actor.getSnapshot().can({ type: 'user.page', page: 2 })).toBe(false);
    actor.send({ type: 'user.page', page: 2 });
    actor.send({ type: 'user.size', size: 25 });
    clock.increment(1000);
    expect(queries.length).toBe(before);
    actor.send({ type: 'user.filter', filter: { ...bad, to: '2026-02-10' } });
    clock.increment(400);
    await ready(actor);
    expect(queries.at(-1)).toEqual({ page: 1, size: 10, filter: { from: '2026-02-10', to: '2026-02-10', type: null } });
  });

  it('clearing the filters asks again at once', async () => {
    const { actor, queries } = start(rows(5), { filter: { from: null, to: null, type: 3 } });
    await ready(actor);
    expect(queries[0]?.filter.type).toBe(3);
    actor.send({ type: 'user.clearFilter' });
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    await ready(actor);
    expect(queries.at(-1)).toEqual({ page: 1, size: 10, filter: NO_FILTER });
  });

  it('a newer request replaces the running one: the older answer is dropped', async () => {
    const waiting = new Map<number, (page: ListPage<Row>) => void>();
    const { actor } = start((q) => (q.page === 1 && waiting.size === 0 ? rows(37)(q) : new Promise((r) => waiting.set(q.page, r))));
    await ready(actor);
    actor.send({ type: 'user.page', page: 2 });
    actor.send({ type: 'user.page', page: 3 });
    expect([...waiting.keys()]).toEqual([2, 3]);
    waiting.get(3)?.({ items: [{ id: 17 }], total: 37 });
    await ready(actor);
    waiting.get(2)?.({ items: [{ id: 27 }], total: 37 });
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().context.items).toEqual([{ id: 17 }]);
    expect(actor.getSnapshot().context.page).toBe(3);
  });

  it('a page past the end (rows vanished) moves to the last page', async () => {
    let total = 37;
    const { actor, queries } = start((q) => rows(total)(q));
    await ready(actor);
    actor.send({ type: 'user.page', page: 4 });
    await ready(actor);
    total = 12;
    actor.send({ type: 'user.page', page: 4 });
    await ready(actor);
    expect(queries.slice(-2).map((q) => q.page)).toEqual([4, 2]);
    expect(actor.getSnapshot().context).toMatchObject({ page: 2, total: 12, items: [{ id: 2 }, { id: 1 }] });
  });

  it('an empty list is ready with no rows (not past the end)', async () => {
    const { actor } = start(rows(0));
    await ready(actor);
    expect(actor.getSnapshot().context).toMatchObject({ items: [], total: 0, page: 1 });
  });

  it('fails with the code and loads again on retry', async () => {
    let fail = true;
    const { actor } = start((q) => {
      if (fail) throw { code: 40000, message: 'invalid', params: {} };
      return rows(3)(q);
    });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.failure).toEqual({ code: 40000, message: 'invalid', params: {} });
    fail = false;
    actor.send({ type: 'user.retry' });
    await ready(actor);
    expect(actor.getSnapshot().context.failure).toBeNull();
    expect(actor.getSnapshot().context.total).toBe(3);
  });

  it('starts with the size it is given', async () => {
    const { actor, queries } = start(rows(60), { size: 25 });
    await ready(actor);
    expect(queries[0]).toMatchObject({ page: 1, size: 25 });
  });
});

describe('accountList opened from an address', () => {
  it('starts on the page and filter it is given, and asks for them', async () => {
    const t = start(rows(45), { page: 3, filter: { from: '2026-11-01', to: '2026-11-20', type: 2 } });
    await ready(t.actor);
    expect(t.queries).toEqual([{ page: 3, size: 10, filter: { from: '2026-11-01', to: '2026-11-20', type: 2 } }]);
  });

  it('an impossible window (to before from) asks nothing and says so; a valid filter then loads', async () => {
    const t = start(rows(5), { filter: { from: '2026-11-20', to: '2026-11-01', type: null } });
    expect(t.actor.getSnapshot().matches('filterInvalid')).toBe(true);
    expect(t.queries).toEqual([]);
    t.actor.send({ type: 'user.clearFilter' });
    await ready(t.actor);
    expect(t.queries).toHaveLength(1);
  });
});

