import type { Texts } from './messages.js';

/** Messages about plans, topics, certificates and their files, and a person's plan. */
export const catalogueMessages = {
  // ——— certificates and their files ———
  certificate_not_found: { ru: 'Сертификат не найден', kk: 'Сертификат табылмады', en: 'Certificate not found' },
  certificate_created: { ru: 'Сертификат создан', kk: 'Сертификат құрылды', en: 'Certificate created' },
  certificate_updated: { ru: 'Сертификат сохранён', kk: 'Сертификат сақталды', en: 'Certificate saved' },
  certificate_deleted: { ru: 'Сертификат удалён', kk: 'Сертификат жойылды', en: 'Certificate deleted' },
  certificate_in_use: {
    ru: 'Сертификат нельзя удалить: он указан в планах обучения (планов: {count}). Сначала выберите для них другой сертификат',
    kk: 'Сертификатты жоюға болмайды: ол оқу жоспарларында көрсетілген (жоспарлар саны: {count}). Алдымен оларға басқа сертификат таңдаңыз',
    en: 'The certificate cannot be deleted: education plans use it ({count}). Choose another certificate for them first',
  },
  certificate_file_unknown: {
    ru: 'Файл сертификата не найден: сначала загрузите файл, затем сохраните сертификат',
    kk: 'Сертификат файлы табылмады: алдымен файлды жүктеп, содан кейін сертификатты сақтаңыз',
    en: 'The certificate file was not found: upload the file first, then save the certificate',
  },
  certificate_file_missing: {
    ru: 'Выберите файл сертификата',
    kk: 'Сертификат файлын таңдаңыз',
    en: 'Please choose a certificate file',
  },
  certificate_file_too_large: {
    ru: 'Файл не должен превышать 10 Мегабайт',
    kk: 'Файл 10 Мегабайттан аспауы керек',
    en: 'The file must not exceed 10 megabytes',
  },
  certificate_file_type: {
    ru: 'Допустимы только файлы PDF, DOCX, JPEG и PNG',
    kk: 'Тек PDF, DOCX, JPEG және PNG файлдары рұқсат етіледі',
    en: 'Only PDF, DOCX, JPEG and PNG files are allowed',
  },
  certificate_file_damaged: {
    ru: 'Файл DOCX повреждён или слишком велик в распакованном виде: сохраните его заново в Word',
    kk: 'DOCX файлы зақымдалған немесе ашылған түрде тым үлкен: оны Word бағдарламасында қайта сақтаңыз',
    en: 'The DOCX file is damaged or too large once unpacked: save it again in Word',
  },
  file_uploaded: { ru: 'Файл загружен', kk: 'Файл жүктелді', en: 'File uploaded' },
  upload_fields_first: {
    ru: 'Поля формы (WebID, AnswerID, Types, ScormID) должны идти перед файлом',
    kk: 'Пішін өрістері (WebID, AnswerID, Types, ScormID) файлдан бұрын жіберілуі керек',
    en: 'The form fields (WebID, AnswerID, Types, ScormID) must come before the file',
  },

  // ——— plans ———
  plan_not_found: { ru: 'План обучения не найден', kk: 'Оқу жоспары табылмады', en: 'Education plan not found' },
  plan_created: { ru: 'План обучения создан', kk: 'Оқу жоспары құрылды', en: 'Education plan created' },
  plan_updated: { ru: 'План обучения сохранён', kk: 'Оқу жоспары сақталды', en: 'Education plan saved' },
  plan_deleted: {
    ru: 'План обучения удалён вместе с его темами и тестами. Откреплено обучающихся: {detached}',
    kk: 'Оқу жоспары тақырыптарымен және тесттерімен бірге жойылды. Жоспардан ажыратылған білім алушылар саны: {detached}',
    en: 'The education plan was deleted with its topics and tests. Trainees detached from it: {detached}',
  },
  plan_has_results: {
    ru: 'План обучения нельзя удалить: по его тестам есть результаты обучающихся (результатов: {count}). Результаты не удаляются',
    kk: 'Оқу жоспарын жоюға болмайды: оның тесттері бойынша білім алушылардың нәтижелері бар (нәтижелер саны: {count}). Нәтижелер жойылмайды',
    en: 'The education plan cannot be deleted: its tests have trainee results ({count}). Results are never deleted',
  },
  plan_certificate_unknown: {
    ru: 'Выбранный сертификат не найден',
    kk: 'Таңдалған сертификат табылмады',
    en: 'The chosen certificate was not found',
  },
  // a reference to a plan or an education type that is not there (topics, people, plans)
  plan_unknown: {
    ru: 'Выбранный план обучения не найден',
    kk: 'Таңдалған оқу жоспары табылмады',
    en: 'The chosen education plan was not found',
  },
  edu_type_unknown: {
    ru: 'Такого вида обучения нет в справочнике',
    kk: 'Мұндай оқыту түрі анықтамалықта жоқ',
    en: 'There is no such education type in the list',
  },

  // ——— topics ———
  topic_not_found: { ru: 'Тема не найдена', kk: 'Тақырып табылмады', en: 'Topic not found' },
  topic_created: { ru: 'Тема создана', kk: 'Тақырып құрылды', en: 'Topic created' },
  topic_updated: { ru: 'Тема сохранена', kk: 'Тақырып сақталды', en: 'Topic saved' },
  topic_deleted: {
    ru: 'Тема удалена вместе с её тестами',
    kk: 'Тақырып тесттерімен бірге жойылды',
    en: 'The topic was deleted with its tests',
  },
  topic_has_results: {
    ru: 'Тему нельзя удалить: по её тестам есть результаты обучающихся (результатов: {count}). Результаты не удаляются',
    kk: 'Тақырыпты жоюға болмайды: оның тесттері бойынша білім алушылардың нәтижелері бар (нәтижелер саны: {count}). Нәтижелер жойылмайды',
    en: 'The topic cannot be deleted: its tests have trainee results ({count}). Results are never deleted',
  },
  catalogue_has_scorm_packages: {
    ru: 'Нельзя удалить: к теме привязаны SCORM-пакеты (и данные слушателей по ним). Перенесите пакеты в другую тему или удалите их',
    kk: 'Жоюға болмайды: тақырыпқа SCORM пакеттері (және олар бойынша білім алушылардың деректері) байланған. Пакеттерді басқа тақырыпқа ауыстырыңыз немесе жойыңыз',
    en: 'Cannot delete: SCORM packages (and trainees’ data in them) belong to the topic. Move the packages to another topic or delete them',
  },
  topic_type_unknown: {
    ru: 'Такого типа обучения нет в справочнике',
    kk: 'Мұндай оқыту типі анықтамалықта жоқ',
    en: 'There is no such training type in the list',
  },

  // ——— a person's plan ———
  user_plan_attached: { ru: 'План обучения назначен', kk: 'Оқу жоспары тағайындалды', en: 'Education plan assigned' },
  user_plan_detached: { ru: 'План обучения откреплён', kk: 'Оқу жоспары ажыратылды', en: 'Education plan removed' },
} as const satisfies Texts;
