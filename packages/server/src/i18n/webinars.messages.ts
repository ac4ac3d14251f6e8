import type { Texts } from './messages.js';

/** Messages about webinars, their documents and their tests. */
export const webinarsMessages = {
  document_file_too_large: {
    ru: 'Файл не должен превышать 10 Мегабайт',
    kk: 'Файл 10 Мегабайттан аспауы керек',
    en: 'The file must not exceed 10 megabytes',
  },
  document_file_type: {
    ru: 'Допустимы файлы PDF, DOCX, XLSX, PPTX, JPEG, PNG, MP4, WebM, MP3 и ZIP',
    kk: 'PDF, DOCX, XLSX, PPTX, JPEG, PNG, MP4, WebM, MP3 және ZIP файлдары рұқсат етіледі',
    en: 'Allowed files are PDF, DOCX, XLSX, PPTX, JPEG, PNG, MP4, WebM, MP3 and ZIP',
  },
  document_file_missing: { ru: 'Выберите файл', kk: 'Файлды таңдаңыз', en: 'Choose a file' },
  upload_target_invalid: {
    ru: 'Поле {field} должно быть положительным целым числом',
    kk: '{field} өрісі оң бүтін сан болуы керек',
    en: 'The {field} field must be a positive whole number',
  },
  preview_file_type: {
    ru: 'Превью должно быть видео MP4, WebM или MOV',
    kk: 'Превью MP4, WebM немесе MOV бейнесі болуы керек',
    en: 'The preview must be an MP4, WebM or MOV video',
  },
} as const satisfies Texts;
