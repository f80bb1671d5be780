import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { lazySchema } from '../../protocol/lazySchema.ts';

// The protocol's schemas are built on first use (docs/performance.md): each must behave, wherever
// zod, the router or the code take it, exactly as the schema built at once.
const eager = () => z.object({ name: z.string().check(z.minLength(2)), credits: z.int().check(z.nonnegative()), tags: z.optional(z.array(z.enum(['hot', 'new']))) });

describe('lazySchema', () => {
  it('builds nothing until the schema is used, then once', () => {
    let builds = 0;
    const Machine = lazySchema(() => (builds++, eager()));
    const Floor = lazySchema(() => (builds++, z.object({ machines: z.array(Machine) })));
    expect(builds).toBe(0);
    expect(Floor.parse({ machines: [{ name: 'Golden Sevens', credits: 0 }] })).toEqual({ machines: [{ name: 'Golden Sevens', credits: 0 }] });
    expect(builds).toBe(2);
    Floor.parse({ machines: [] });
    Machine.parse({ name: 'Lucky Bells', credits: 5, tags: ['hot'] });
    expect(builds).toBe(2);
  });

  it('accepts and refuses what the schema built at once does, with the same issues', () => {
    const Lazy = lazySchema(eager);
    const Eager = eager();
    for (const value of [{ name: 'ok', credits: 1 }, { name: 'x', credits: -1 }, { name: 'ok', credits: 1.5, tags: ['cold'] }, null, 'text', { credits: 1 }]) {
      const lazy = Lazy.safeParse(value);
      const built = Eager.safeParse(value);
      expect(lazy.success).toBe(built.success);
      expect(lazy.error?.issues).toEqual(built.error?.issues);
    }
  });

  it('serves wherever a schema is taken: inside other schemas, partial and extended, through Standard Schema, as JSON Schema', async () => {
    const Lazy = lazySchema(eager);
    const Eager = eager();
    const value = { name: 'ok', credits: 3 };
    expect(z.union([z.literal('none'), Lazy]).parse(value)).toEqual(value);
    expect(lazySchema(() => z.partial(Lazy)).parse({ name: 'ok' })).toEqual({ name: 'ok' });
    expect(z.strictObject(Lazy.shape).safeParse({ ...value, extra: 1 }).success).toBe(false);
    expect(z.extend(Lazy, { id: z.int() }).parse({ ...value, id: 7 })).toEqual({ ...value, id: 7 });
    // TanStack Router validates a route's search through the Standard Schema interface.
    expect(await Lazy['~standard'].validate(value)).toEqual({ value });
    expect(z.toJSONSchema(Lazy)).toEqual(z.toJSONSchema(Eager));
    expect(Object.getPrototypeOf(Lazy)).toBe(Object.getPrototypeOf(Eager));
  });
});
