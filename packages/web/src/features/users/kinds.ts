import { Role, type RoleId } from '@oqu/contracts';

/**
 * The three "people" screens that manage one fixed role each (admin-back-office.md §2, §6).
 * Lists, forms and routes read their differences from here instead of being three copies.
 */
export type PersonKind = 'examiner' | 'teacher' | 'audience';

export interface PersonKindConfig {
  role: RoleId;
  /** list route */
  listPath: string;
  createPath: string;
  editPath: (id: number) => string;
  /** surname / first name / middle name (true) or one name field, Fullname (false) */
  splitName: boolean;
  /** the IIN field (sign-in is by IIN, and the server requires it on create) */
  iin: boolean;
  /** photo upload after create, photo management on edit */
  photos: boolean;
  /** i18n key prefix in namespace `people`, e.g. `examiners` → `examiners.title` */
  i18n: string;
}

export const PERSON_KINDS: Record<PersonKind, PersonKindConfig> = {
  examiner: {
    role: Role.Examiner,
    listPath: '/admin/examiners',
    createPath: '/admin/create-examiner',
    editPath: (id) => `/admin/edit-examiner/${id}`,
    splitName: true,
    iin: true,
    photos: true,
    i18n: 'examiners',
  },
  teacher: {
    role: Role.Teacher,
    listPath: '/admin/conducting-webinar',
    createPath: '/admin/create-recording-webinar',
    editPath: (id) => `/admin/edit-recording-webinar/${id}`,
    splitName: true,
    iin: true,
    photos: false,
    i18n: 'teachers',
  },
  audience: {
    role: Role.Region,
    listPath: '/admin/audience-exam',
    createPath: '/admin/create-audience-exam',
    editPath: (id) => `/admin/edit-audience-exam/${id}`,
    splitName: false,
    // The spec's audience form has no IIN, but sign-in is by IIN and `createUserRequest`
    // requires it: without it an audience account could neither be created nor sign in.
    iin: true,
    photos: false,
    i18n: 'audience',
  },
};
