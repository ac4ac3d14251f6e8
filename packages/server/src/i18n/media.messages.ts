import type { Texts } from './messages.js';

/** Messages of the media library. */
export const mediaMessages = {
  media_created: { ru: 'Медиафайл загружен', kk: 'Медиафайл жүктелді', en: 'Media file uploaded' },
  media_updated: { ru: 'Изменения медиафайла сохранены', kk: 'Медиафайл өзгерістері сақталды', en: 'Media file changes saved' },
  media_deleted: { ru: 'Медиафайл удалён', kk: 'Медиафайл жойылды', en: 'Media file deleted' },
  media_not_found: { ru: 'Медиафайл не найден', kk: 'Медиафайл табылмады', en: 'Media file not found' },
  media_name_missing: {
    ru: 'Укажите название медиафайла перед файлом',
    kk: 'Файлдың алдында медиафайлдың атауын көрсетіңіз',
    en: 'Give the media file a name before the file',
  },
  media_form_invalid: {
    ru: 'Неверное значение поля {field}',
    kk: '{field} өрісінің мәні дұрыс емес',
    en: 'The value of {field} is not valid',
  },
  media_file_missing: { ru: 'Выберите файл', kk: 'Файлды таңдаңыз', en: 'Choose a file' },
  media_file_too_large: {
    ru: 'Файл не должен превышать {max} МБ',
    kk: 'Файл {max} МБ-тан аспауы керек',
    en: 'The file must not exceed {max} MB',
  },
  media_file_type: {
    ru: 'Допустимы видео (MP4, WebM, MOV), аудио (MP3, M4A, OGG, WAV), PDF, DOCX, XLSX, PPTX, JPEG и PNG',
    kk: 'Бейне (MP4, WebM, MOV), аудио (MP3, M4A, OGG, WAV), PDF, DOCX, XLSX, PPTX, JPEG және PNG файлдары рұқсат етіледі',
    en: 'Allowed are video (MP4, WebM, MOV), audio (MP3, M4A, OGG, WAV), PDF, DOCX, XLSX, PPTX, JPEG and PNG',
  },
  media_vr_video_only: {
    ru: 'Отметка «VR 360°» возможна только для видео',
    kk: '«VR 360°» белгісін тек бейнеге қоюға болады',
    en: 'Only a video can be marked VR 360°',
  },
} as const satisfies Texts;
