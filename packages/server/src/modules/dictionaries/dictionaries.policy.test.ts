import { ALL_ROLES } from '@oqu/contracts';
import { describe, expect, it } from 'vitest';
import { dictionariesAccess } from './dictionaries.policy.js';

describe('dictionaries policy', () => {
  it('lets everyone signed in read the dictionaries, nobody without a session', () => {
    expect(dictionariesAccess.read.access.roles).toEqual(ALL_ROLES);
    expect('public' in dictionariesAccess.read.access).toBe(false);
  });
});
