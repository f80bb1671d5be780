import { describe, expect, it } from 'vitest';
import { registerFieldValid } from '../../protocol/template.ts';

describe("the sign-up form's rules are the register request's (what the simulator checks)", () => {
  it('a username is 4 to 32 letters, digits, _ . or -, starting with a letter or digit', () => {
    expect(['abcd', 'a_b.c-1', 'A'.repeat(32), '9lives'].map((u) => registerFieldValid('username', u))).toEqual([true, true, true, true]);
    expect(['abc', 'A'.repeat(33), '_abc', 'ab cd', 'abç1'].map((u) => registerFieldValid('username', u))).toEqual([false, false, false, false, false]);
  });

  it('a password is 8 to 128 characters; an email must be one; a name must not be blank', () => {
    expect(registerFieldValid('password', '1234567')).toBe(false);
    expect(registerFieldValid('password', '12345678')).toBe(true);
    expect(registerFieldValid('password', 'x'.repeat(129))).toBe(false);
    expect(registerFieldValid('email', 'player@example.test')).toBe(true);
    expect(registerFieldValid('email', 'player@example')).toBe(false);
    expect(registerFieldValid('name', '   ')).toBe(false);
    expect(registerFieldValid('name', 'Ada')).toBe(true);
  });
});
