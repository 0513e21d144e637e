import { describe, expect, it } from 'vitest';
import { pick } from './pick.js';

describe('pick: the listed fields a row has, built in one literal (docs/performance.md, "Rows built in one shape")', () => {
  const KEYS = ['id', 'full_name', 'email', "l'apostrophe", 'budget'] as const;

  it('keeps the listed keys the source has, in the order of the list, and nothing else', () => {
    const source = { budget: 900_000, email: 'anne.meylan@exemple.ch', id: 7, secret: 'vip', full_name: 'Anne Meylan' };
    const picked = pick(source as Record<string, unknown>, KEYS as unknown as string[]);
    expect(Object.keys(picked)).toEqual(['id', 'full_name', 'email', 'budget']);
    expect(picked).toEqual({ id: 7, full_name: 'Anne Meylan', email: 'anne.meylan@exemple.ch', budget: 900_000 });
    expect('secret' in picked).toBe(false);
  });

  it('keeps a listed key whose value is null or undefined, and leaves out one the source lacks', () => {
    const picked = pick({ id: 1, email: null, budget: undefined } as Record<string, unknown>, KEYS as unknown as string[]);
    expect(Object.keys(picked)).toEqual(['id', 'email', 'budget']);
  });

  it('serves sources of different shapes with the same list, each with its own fields', () => {
    const list = ['a', 'b', 'c'];
    expect(pick({ a: 1, c: 3 } as Record<string, number>, list)).toEqual({ a: 1, c: 3 });
    expect(pick({ b: 2 } as Record<string, number>, list)).toEqual({ b: 2 });
    expect(pick({ a: 1, b: 2, c: 3, d: 4 } as Record<string, number>, list)).toEqual({ a: 1, b: 2, c: 3 });
    expect(pick({} as Record<string, number>, list)).toEqual({});
  });

  it('reads a key with quotes or an apostrophe as data, never as code', () => {
    const keys = ["'; throw 1; '", '"}); throw 2; ({"'];
    expect(pick({ [keys[0]]: 1, [keys[1]]: 2 } as Record<string, number>, keys)).toEqual({ [keys[0]]: 1, [keys[1]]: 2 });
  });

  it('copies a getter’s value and an inherited key, as `in` and a read do', () => {
    const proto = { inherited: 'oui' };
    const source = Object.create(proto, { computed: { get: () => 42, enumerable: false } });
    expect(pick(source as Record<string, unknown>, ['inherited', 'computed'])).toEqual({ inherited: 'oui', computed: 42 });
  });
});
