import { Role } from '@oqu/contracts';
import { forSection } from '../../plugins/access.js';

/** Who may do what with retakes. The routes declare these; the service applies the rules below. */
export const retakesAccess = {
  /** administrators and examiners assign, edit and cancel retakes */
  manage: forSection('retakes'),
} as const;

/** Who a retake may be for: a trainee (staff take no tests). */
export const takesRetakes = (person: { role_id: number }) => person.role_id === Role.Trainee;
