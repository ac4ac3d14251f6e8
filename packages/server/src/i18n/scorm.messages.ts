import type { Texts } from './messages.js';

/** Messages about SCORM packages, their uploads, launches and the runtime on the content origin. */
export const scormMessages = {
  scorm_not_found: { ru: 'SCORM-пакет не найден', kk: 'SCORM-пакет табылмады', en: 'SCORM package not found' },
  scorm_created: { ru: 'SCORM-пакет создан', kk: 'SCORM-пакет құрылды', en: 'SCORM package created' },
  scorm_updated: { ru: 'SCORM-пакет сохранён', kk: 'SCORM-пакет сақталды', en: 'SCORM package saved' },
  scorm_deleted: { ru: 'SCORM-пакет удалён', kk: 'SCORM-пакет жойылды', en: 'SCORM package deleted' },
  scorm_archived: {
    ru: 'SCORM-пакет убран в архив: результаты слушателей сохранены',
    kk: 'SCORM-пакет мұрағатқа жіберілді: тыңдаушылардың нәтижелері сақталды',
    en: 'The SCORM package was archived: the trainees’ results are kept',
  },
  scorm_uploaded: { ru: 'SCORM-пакет загружен', kk: 'SCORM-пакет жүктелді', en: 'SCORM package uploaded' },
  scorm_topic_unknown: { ru: 'Тема не найдена', kk: 'Тақырып табылмады', en: 'Topic not found' },
  scorm_update_empty: {
    ru: 'Укажите название или тему пакета',
    kk: 'Пакеттің атауын немесе тақырыбын көрсетіңіз',
    en: 'Give the package’s name or topic',
  },
  scorm_form_invalid: {
    ru: 'Поле {field} должно быть номером SCORM-пакета',
    kk: '{field} өрісі SCORM-пакеттің нөмірі болуы керек',
    en: 'The {field} field must be a SCORM package number',
  },
  scorm_file_missing: {
    ru: 'Выберите ZIP-файл SCORM-пакета',
    kk: 'SCORM-пакеттің ZIP файлын таңдаңыз',
    en: 'Please choose the SCORM package’s ZIP file',
  },
  scorm_file_too_large: {
    ru: 'Файл SCORM-пакета больше допустимого размера (SCORM_MAX_BYTES)',
    kk: 'SCORM-пакет файлы рұқсат етілген өлшемнен үлкен (SCORM_MAX_BYTES)',
    en: 'The SCORM package file is larger than allowed (SCORM_MAX_BYTES)',
  },
  scorm_file_type: {
    ru: 'SCORM-пакет должен быть ZIP-архивом',
    kk: 'SCORM-пакет ZIP мұрағаты болуы керек',
    en: 'A SCORM package must be a ZIP archive',
  },
  scorm_not_uploaded: {
    ru: 'Файл этого SCORM-пакета ещё не загружен',
    kk: 'Бұл SCORM-пакеттің файлы әлі жүктелмеген',
    en: 'This SCORM package’s file has not been uploaded yet',
  },
  scorm_not_in_plan: {
    ru: 'Этот SCORM-пакет не входит в ваш план обучения',
    kk: 'Бұл SCORM-пакет сіздің оқу жоспарыңызға кірмейді',
    en: 'This SCORM package is not in your education plan',
  },
  scorm_launch_invalid: {
    ru: 'Сеанс курса истёк или недействителен: откройте курс заново',
    kk: 'Курс сеансының мерзімі өтті немесе жарамсыз: курсты қайта ашыңыз',
    en: 'The course session has expired or is not valid: open the course again',
  },
  scorm_cmi_invalid: {
    ru: 'Данные курса (CMI) не прочитаны: ожидается объект {Token, Cmi, Terminate}',
    kk: 'Курс деректері (CMI) оқылмады: {Token, Cmi, Terminate} нысаны күтіледі',
    en: 'The course data (CMI) could not be read: an object {Token, Cmi, Terminate} is expected',
  },
  scorm_cmi_too_large: {
    ru: 'Данные курса (CMI) слишком велики или слишком глубоко вложены',
    kk: 'Курс деректері (CMI) тым үлкен немесе тым терең салынған',
    en: 'The course data (CMI) is too large or nested too deeply',
  },
  scorm_player_missing: {
    ru: 'Проигрыватель SCORM не собран: выполните npm run build',
    kk: 'SCORM ойнатқышы жиналмаған: npm run build орындаңыз',
    en: 'The SCORM player is not built: run npm run build',
  },
} as const satisfies Texts;
