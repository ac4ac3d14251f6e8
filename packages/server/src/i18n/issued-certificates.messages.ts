import type { Texts } from './messages.js';

/** Messages about issued certificates and their public verification. */
export const issuedCertificatesMessages = {
  // one message for every unknown code or id: it tells nothing about which certificates exist
  issued_certificate_not_found: { ru: 'Сертификат не найден', kk: 'Сертификат табылмады', en: 'Certificate not found' },
  issued_certificate_revoked_already: {
    ru: 'Сертификат уже отозван',
    kk: 'Сертификат бұрын кері қайтарылған',
    en: 'The certificate is revoked already',
  },
  issued_certificate_revoked: {
    ru: 'Сертификат отозван {date}: его файл Word больше не выдаётся',
    kk: 'Сертификат {date} кері қайтарылды: оның Word файлы енді берілмейді',
    en: 'The certificate was revoked on {date}: its Word file is no longer given out',
  },
  issued_certificate_no_docx: {
    ru: 'У этого сертификата нет файла Word',
    kk: 'Бұл сертификаттың Word файлы жоқ',
    en: 'This certificate has no Word file',
  },
  issued_certificate_template_unreadable: {
    ru: 'Не удалось прочитать файл шаблона: сохраните его заново как PDF, JPEG или PNG',
    kk: 'Үлгі файлын оқу мүмкін болмады: оны PDF, JPEG немесе PNG ретінде қайта сақтаңыз',
    en: 'The template file could not be read: save it again as PDF, JPEG or PNG',
  },
  verification_code: {
    ru: 'Укажите код проверки (26 латинских букв и цифр 2–7) или номер сертификата, например OQU-2026-000123',
    kk: 'Тексеру кодын (26 латын әрпі мен 2–7 сандары) немесе сертификат нөмірін көрсетіңіз, мысалы OQU-2026-000123',
    en: 'Give the verification code (26 Latin letters and digits 2–7) or the certificate number, e.g. OQU-2026-000123',
  },
  revoke_reason_length: {
    ru: 'Укажите причину отзыва: от 3 до 500 символов',
    kk: 'Кері қайтару себебін көрсетіңіз: 3-тен 500 таңбаға дейін',
    en: 'Give the reason for revoking: 3 to 500 characters',
  },
} as const satisfies Texts;
