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
    ru: 'Код проверки — 26 латинских букв и цифр 2–7',
    kk: 'Тексеру коды — 26 латын әрпі мен 2–7 сандары',
    en: 'The verification code is 26 Latin letters and digits 2–7',
  },
  revoke_reason_length: {
    ru: 'Укажите причину отзыва: от 3 до 500 символов',
    kk: 'Кері қайтару себебін көрсетіңіз: 3-тен 500 таңбаға дейін',
    en: 'Give the reason for revoking: 3 to 500 characters',
  },
} as const satisfies Texts;
