import { describe, it } from 'vitest';
import { expectAdmits } from '../../test/roles.js';
import { dictionariesAccess } from './dictionaries.policy.js';

describe('dictionaries policy', () => {
  it('lets everyone signed in read the dictionaries, nobody without a session', () => {
    expectAdmits(dictionariesAccess.read, { signedOut: false, admin: true, examiner: true, trainee: true, teacher: true, region: true });
  });
});
