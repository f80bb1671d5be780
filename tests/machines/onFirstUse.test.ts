import { describe, expect, it, vi } from 'vitest';
import { onFirstUse } from '../../src/app/onFirstUse.ts';

describe('onFirstUse (the composition root makes a machine when a page first reads it)', () => {
  it('makes nothing until a property is read, then each once, and keeps what it made', () => {
    const made: string[] = [];
    const logic = onFirstUse<{ lobby: { name: string }; game: { name: string } }>({
      lobby: () => (made.push('lobby'), { name: 'lobby' }),
      game: () => (made.push('game'), { name: 'game' }),
    });
    expect(made).toEqual([]);
    const lobby = logic.lobby;
    expect(logic.lobby).toBe(lobby);
    expect(made).toEqual(['lobby']);
    expect(logic.game.name).toBe('game');
    expect(made).toEqual(['lobby', 'game']);
  });

  it('names every property, made or not, and none can be replaced', () => {
    const logic = onFirstUse<{ a: number; b: number }>({ a: () => 1, b: () => 2 });
    expect(Object.keys(logic)).toEqual(['a', 'b']);
    expect('b' in logic).toBe(true);
    expect(logic.a).toBe(1);
    expect(() => Object.assign(logic, { a: 3 })).toThrow(TypeError);
    expect(logic.a).toBe(1);
  });

  it("a factory that throws makes nothing: the next read tries again", () => {
    const factory = vi.fn<() => number>().mockImplementationOnce(() => {
      throw new Error('not yet');
    });
    factory.mockImplementation(() => 7);
    const logic = onFirstUse<{ late: number }>({ late: factory });
    expect(() => logic.late).toThrow('not yet');
    expect(logic.late).toBe(7);
    expect(logic.late).toBe(7);
    expect(factory).toHaveBeenCalledTimes(2);
  });
});
