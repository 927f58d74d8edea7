import { describe, expect, it } from 'vitest';
import { generatePassword } from '../../src/auth/passwords.js';

describe('generatePassword', () => {
  it('gives 24 base64url characters, never starting with - or _, all different', () => {
    const passwords = Array.from({ length: 4_000 }, generatePassword);
    for (const password of passwords) expect(password).toMatch(/^[A-Za-z0-9][A-Za-z0-9_-]{23}$/);
    expect(new Set(passwords).size).toBe(passwords.length);
    // Still random past the first character: - and _ appear elsewhere.
    expect(passwords.some((password) => /[-_]/.test(password))).toBe(true);
  });
});
