import { describe, it } from 'vitest';
import { expectAdmits, expectEveryRole } from '../../test/roles.js';
import { retakesAccess, takesRetakes } from './retakes.policy.js';

describe('retakes policy', () => {
  it('lets administrators and examiners manage retakes', () => {
    expectAdmits(retakesAccess.manage, { signedOut: false, admin: true, examiner: true, trainee: false, teacher: false, region: false });
  });

  it('assigns retakes to trainees only', () => {
    expectEveryRole((person) => takesRetakes({ role_id: person.roleId }), {
      admin: false,
      examiner: false,
      trainee: true,
      teacher: false,
      region: false,
    });
  });
});
