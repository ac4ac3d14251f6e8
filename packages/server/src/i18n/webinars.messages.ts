import type { Texts } from './messages.js';

/** Messages about webinars, their documents and their tests. */
export const webinarsMessages = {
  // ——— scheduling ———
  webinar_created: { ru: 'Вебинар создан', kk: 'Вебинар құрылды', en: 'Webinar created' },
  webinar_updated: { ru: 'Изменения вебинара сохранены', kk: 'Вебинар өзгерістері сақталды', en: 'Webinar changes saved' },
  webinar_deleted: { ru: 'Вебинар удалён', kk: 'Вебинар жойылды', en: 'Webinar deleted' },
  webinar_archived: {
    ru: 'Вебинар перенесён в архив: в нём уже есть чат, посещения или вопросы слушателей, они сохранены',
    kk: 'Вебинар мұрағатқа жіберілді: онда чат, қатысу немесе тыңдаушылардың сұрақтары бар, олар сақталды',
    en: 'The webinar was archived: it already has chat, attendance or trainees’ questions, and they are kept',
  },
  webinar_not_found: { ru: 'Вебинар не найден', kk: 'Вебинар табылмады', en: 'Webinar not found' },
  webinar_begin_format: {
    ru: 'Укажите дату и время начала в формате ISO 8601 с часовым поясом, например 2026-11-25T10:00+06:00',
    kk: 'Басталу күні мен уақытын уақыт белдеуімен ISO 8601 пішімінде көрсетіңіз, мысалы 2026-11-25T10:00+06:00',
    en: 'Give the start date and time in ISO 8601 with a time zone, e.g. 2026-11-25T10:00+06:00',
  },
  webinar_plan_not_found: {
    ru: 'Выбранный план обучения не найден',
    kk: 'Таңдалған оқу жоспары табылмады',
    en: 'The chosen training plan was not found',
  },
  webinar_topic_not_found: {
    ru: 'Выбранная тема не найдена',
    kk: 'Таңдалған тақырып табылмады',
    en: 'The chosen topic was not found',
  },
  webinar_topic_other_plan: {
    ru: 'Тема «{topic}» относится к другому плану обучения: выберите тему плана «{plan}»',
    kk: '«{topic}» тақырыбы басқа оқу жоспарына жатады: «{plan}» жоспарының тақырыбын таңдаңыз',
    en: 'The topic “{topic}” belongs to another training plan: choose a topic of the plan “{plan}”',
  },
  webinar_teacher_not_found: {
    ru: 'Выбранный преподаватель не найден',
    kk: 'Таңдалған оқытушы табылмады',
    en: 'The chosen teacher was not found',
  },
  webinar_teacher_not_teacher: {
    ru: '«{name}» не является преподавателем вебинаров: выберите пользователя с ролью преподавателя',
    kk: '«{name}» вебинар оқытушысы емес: оқытушы рөлі бар пайдаланушыны таңдаңыз',
    en: '“{name}” is not a webinar teacher: choose a user with the teacher role',
  },
  webinar_teacher_inactive: {
    ru: 'Преподаватель «{name}» заблокирован: выберите другого преподавателя',
    kk: '«{name}» оқытушысы бұғатталған: басқа оқытушыны таңдаңыз',
    en: 'The teacher “{name}” is blocked: choose another teacher',
  },
  webinar_not_own: {
    ru: 'Это не ваш вебинар: его ведёт другой преподаватель',
    kk: 'Бұл сіздің вебинарыңыз емес: оны басқа оқытушы жүргізеді',
    en: 'This is not your webinar: another teacher runs it',
  },
  webinar_teacher_self_only: {
    ru: 'Преподаватель может назначать вебинары только себе',
    kk: 'Оқытушы вебинарды тек өзіне тағайындай алады',
    en: 'A teacher can only schedule webinars that they run themselves',
  },

  // ——— running it ———
  webinar_started: { ru: 'Вебинар начат', kk: 'Вебинар басталды', en: 'The webinar has started' },
  webinar_ended: { ru: 'Вебинар завершён', kk: 'Вебинар аяқталды', en: 'The webinar has ended' },
  webinar_joined: { ru: 'Вы подключились к вебинару', kk: 'Сіз вебинарға қосылдыңыз', en: 'You have joined the webinar' },
  webinar_not_yet: {
    ru: 'Вебинар ещё не начался: вход открывается за 30 минут до начала',
    kk: 'Вебинар әлі басталған жоқ: кіру басталудан 30 минут бұрын ашылады',
    en: 'The webinar has not begun yet: the room opens 30 minutes before the start',
  },
  webinar_finished: { ru: 'Вебинар уже завершён', kk: 'Вебинар аяқталып қойған', en: 'The webinar has already ended' },

  // ——— documents and preview ———
  document_deleted: { ru: 'Документ удалён', kk: 'Құжат жойылды', en: 'Document deleted' },
  document_not_found: { ru: 'Документ не найден', kk: 'Құжат табылмады', en: 'Document not found' },
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

  // ——— webinar tests ———
  webinar_test_not_yours: {
    ru: 'Открыть тест может администратор или преподаватель вебинара по теме этого теста',
    kk: 'Тестті әкімші немесе осы тест тақырыбы бойынша вебинар оқытушысы аша алады',
    en: 'Only an administrator or the teacher of a webinar on this test’s topic can open the test',
  },
  webinar_test_not_live: {
    ru: 'Тест можно открыть только во время вебинара',
    kk: 'Тестті тек вебинар кезінде ашуға болады',
    en: 'The test can only be opened while the webinar is in progress',
  },
  // ——— the live stream and its recording ———
  stream_teacher_only: {
    ru: 'Вести трансляцию может только преподаватель этого вебинара',
    kk: 'Трансляцияны тек осы вебинардың оқытушысы жүргізе алады',
    en: 'Only this webinar’s teacher can broadcast',
  },
  stream_no_ffmpeg: {
    ru: 'Трансляция недоступна: на сервере не найден ffmpeg. Установите ffmpeg или укажите путь к нему в FFMPEG_PATH',
    kk: 'Трансляция қолжетімсіз: серверде ffmpeg табылмады. ffmpeg орнатыңыз немесе FFMPEG_PATH ішінде жолын көрсетіңіз',
    en: 'Broadcasting is unavailable: ffmpeg was not found on the server. Install ffmpeg or set its path in FFMPEG_PATH',
  },
  stream_ticket_invalid: {
    ru: 'Ссылка трансляции устарела: подключитесь заново',
    kk: 'Трансляция сілтемесінің мерзімі өтті: қайта қосылыңыз',
    en: 'The broadcast link has expired: connect again',
  },
  stream_link_expired: {
    ru: 'Ссылка на видео устарела или недействительна: обновите страницу',
    kk: 'Бейне сілтемесінің мерзімі өткен немесе жарамсыз: бетті жаңартыңыз',
    en: 'The video link has expired or is not valid: reload the page',
  },
  stream_join_first: {
    ru: 'Сначала войдите в вебинар: трансляция открывается после входа',
    kk: 'Алдымен вебинарға кіріңіз: трансляция кіргеннен кейін ашылады',
    en: 'Join the webinar first: the broadcast opens once you have joined',
  },
  stream_websocket_only: {
    ru: 'Трансляция передаётся только по WebSocket',
    kk: 'Трансляция тек WebSocket арқылы беріледі',
    en: 'The broadcast is sent over a WebSocket only',
  },
  stream_segment_not_found: { ru: 'Фрагмент видео не найден', kk: 'Бейне үзіндісі табылмады', en: 'Video segment not found' },
  stream_replaced: {
    ru: 'Трансляция продолжена в другой вкладке или на другом устройстве',
    kk: 'Трансляция басқа қойындыда немесе басқа құрылғыда жалғасты',
    en: 'The broadcast continues in another tab or on another device',
  },
  stream_idle: {
    ru: 'Трансляция остановлена: от камеры долго не поступало видео',
    kk: 'Трансляция тоқтатылды: камерадан ұзақ уақыт бейне келмеді',
    en: 'The broadcast stopped: no video came from the camera for a while',
  },
  stream_bad_message: {
    ru: 'Трансляция прервана: браузер прислал данные, которые сервер не понял',
    kk: 'Трансляция үзілді: браузер сервер түсінбеген деректер жіберді',
    en: 'The broadcast was interrupted: the browser sent data the server did not understand',
  },
  recording_not_found: { ru: 'Запись вебинара не найдена', kk: 'Вебинар жазбасы табылмады', en: 'Webinar recording not found' },
  recording_live: {
    ru: 'Запись появится после завершения вебинара',
    kk: 'Жазба вебинар аяқталғаннан кейін пайда болады',
    en: 'The recording appears once the webinar has ended',
  },
  recording_deleted: { ru: 'Запись вебинара удалена', kk: 'Вебинар жазбасы жойылды', en: 'Webinar recording deleted' },
  watch_time_saved: { ru: 'Время просмотра учтено', kk: 'Көру уақыты есепке алынды', en: 'Watch time recorded' },
} as const satisfies Texts;
