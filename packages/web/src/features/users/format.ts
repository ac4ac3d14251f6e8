import type { User } from '@oqu/contracts';
import { isRoleId, ROLE_KEYS } from '@oqu/contracts';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n';
import { formatSize } from '../../lib/sizes';

/** Fullname, or the three name parts when the server left Fullname empty. */
export function displayName(user: Partial<Pick<User, 'Fullname' | 'Lastname' | 'Firstname' | 'Patronomyc'>>): string {
  const full = user.Fullname?.trim();
  if (full) return full;
  return [user.Lastname, user.Firstname, user.Patronomyc].filter((p) => p?.trim()).join(' ');
}

/** Formatters that need the current language. */
export function usePeopleFormat() {
  const { t } = useTranslation('people');
  return {
    /** kb below 1000 kb, then mb (admin-back-office.md §9) */
    bytes: (bytes: number) => formatSize(bytes, { kb: t('units.kb'), mb: t('units.mb') }, currentLanguage()),
    /** role names live in the shell's `common` namespace */
    role: (roleId: number) => (isRoleId(roleId) ? t(`common:role.${ROLE_KEYS[roleId]}`) : String(roleId)),
  };
}
