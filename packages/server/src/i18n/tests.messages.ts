import type { Texts } from './messages.js';

/** Messages about tests, questions, question photos and the spreadsheet import of questions. */
export const testsMessages = {
  // ——— tests ———
  test_created: { ru: 'Тест создан', kk: 'Тест құрылды', en: 'Test created' },
  test_updated: { ru: 'Изменения теста сохранены', kk: 'Тест өзгерістері сақталды', en: 'Test changes saved' },
  test_deleted: { ru: 'Тест удалён', kk: 'Тест жойылды', en: 'Test deleted' },
  test_not_found: { ru: 'Тест не найден', kk: 'Тест табылмады', en: 'Test not found' },
  test_plan_not_found: {
    ru: 'Выбранный план обучения не найден',
    kk: 'Таңдалған оқу жоспары табылмады',
    en: 'The chosen training plan was not found',
  },
  test_topic_not_found: {
    ru: 'Выбранная тема не найдена',
    kk: 'Таңдалған тақырып табылмады',
    en: 'The chosen topic was not found',
  },
  test_topic_other_plan: {
    ru: 'Тема «{topic}» относится к другому плану обучения: выберите тему плана «{plan}»',
    kk: '«{topic}» тақырыбы басқа оқу жоспарына жатады: «{plan}» жоспарының тақырыбын таңдаңыз',
    en: 'The topic “{topic}” belongs to another training plan: choose a topic of the plan “{plan}”',
  },
  test_has_attempts: {
    ru: 'Тест нельзя удалить: по нему уже есть результаты (попыток: {count}). Результаты обучения не удаляются',
    kk: 'Тестті жоюға болмайды: ол бойынша нәтижелер бар (әрекеттер саны: {count}). Оқу нәтижелері жойылмайды',
    en: 'The test cannot be deleted: it already has results (attempts: {count}). Training results are never deleted',
  },

  // ——— questions ———
  question_created: { ru: 'Вопрос добавлен', kk: 'Сұрақ қосылды', en: 'Question added' },
  question_updated: { ru: 'Изменения вопроса сохранены', kk: 'Сұрақ өзгерістері сақталды', en: 'Question changes saved' },
  question_moved: {
    ru: 'На вопрос уже отвечали, поэтому в выбранный тест добавлена его копия; прежний вопрос остался в истории результатов старого теста',
    kk: 'Сұраққа бұрын жауап берілген, сондықтан таңдалған тестке оның көшірмесі қосылды; бұрынғы сұрақ ескі тест нәтижелерінің тарихында қалды',
    en: 'The question has already been answered, so a copy was added to the chosen test; the original stays in the old test’s result history',
  },
  question_deleted: { ru: 'Вопрос удалён', kk: 'Сұрақ жойылды', en: 'Question deleted' },
  question_archived: {
    ru: 'На вопрос уже отвечали, поэтому он перенесён в архив: из теста он убран, ответы обучающихся сохранены',
    kk: 'Сұраққа бұрын жауап берілген, сондықтан ол мұрағатқа көшірілді: тесттен алынды, білім алушылардың жауаптары сақталды',
    en: 'The question has already been answered, so it was archived: it is removed from the test and the trainees’ answers are kept',
  },
  question_not_found: { ru: 'Вопрос не найден', kk: 'Сұрақ табылмады', en: 'Question not found' },
  question_test_not_found: {
    ru: 'Выбранный тест не найден',
    kk: 'Таңдалған тест табылмады',
    en: 'The chosen test was not found',
  },
  question_position_invalid: {
    ru: 'Позиция — целое число не меньше 0',
    kk: 'Реттік нөмір 0-ден кем емес бүтін сан болуы керек',
    en: 'The position must be a whole number, 0 or more',
  },
  answer_letter: {
    ru: 'Правильный ответ — одна из букв A, B, C, D, E, F',
    kk: 'Дұрыс жауап A, B, C, D, E, F әріптерінің бірі болуы керек',
    en: 'The correct answer must be one of the letters A, B, C, D, E, F',
  },
  answer_variant_empty: {
    ru: 'Правильный ответ указывает на пустой вариант',
    kk: 'Дұрыс жауап бос нұсқаны көрсетіп тұр',
    en: 'The correct answer points to an empty variant',
  },
  question_image_uploaded: {
    ru: 'Фотография вопроса загружена',
    kk: 'Сұрақтың фотосуреті жүктелді',
    en: 'Question photo uploaded',
  },

  // ——— spreadsheet import ———
  import_test_missing: {
    ru: 'Укажите тест, в который загружаются вопросы (TestID)',
    kk: 'Сұрақтар жүктелетін тестті көрсетіңіз (TestID)',
    en: 'Please say which test the questions go to (TestID)',
  },
  import_file_missing: {
    ru: 'Выберите файл Excel (.xlsx) с вопросами',
    kk: 'Сұрақтары бар Excel (.xlsx) файлын таңдаңыз',
    en: 'Please choose an Excel (.xlsx) file with the questions',
  },
  import_too_large: {
    ru: 'Файл не должен превышать 10 Мегабайт',
    kk: 'Файл 10 Мегабайттан аспауы керек',
    en: 'The file must not exceed 10 megabytes',
  },
  import_type: {
    ru: 'Нужен файл Excel в формате .xlsx',
    kk: 'Excel файлы .xlsx форматында болуы керек',
    en: 'The file must be an Excel workbook (.xlsx)',
  },
  import_unreadable: {
    ru: 'Не удалось прочитать файл Excel: сохраните его заново в формате .xlsx',
    kk: 'Excel файлын оқу мүмкін болмады: оны .xlsx форматында қайта сақтаңыз',
    en: 'The Excel file could not be read: save it again as .xlsx',
  },
  import_unpacked_too_large: {
    ru: 'Книга Excel слишком велика в распакованном виде: оставьте в файле только лист с вопросами',
    kk: 'Excel кітабы ашылған түрде тым үлкен: файлда тек сұрақтар парағын қалдырыңыз',
    en: 'The Excel workbook is too large once unpacked: keep only the sheet with the questions in the file',
  },
  import_header: {
    ru: 'Первая строка листа должна содержать заголовки шаблона: {columns}',
    kk: 'Парақтың бірінші жолында үлгінің тақырыптары болуы керек: {columns}',
    en: 'The first row of the sheet must hold the template headers: {columns}',
  },
  import_empty: {
    ru: 'В файле нет вопросов: заполните строки под заголовками',
    kk: 'Файлда сұрақтар жоқ: тақырыптардың астындағы жолдарды толтырыңыз',
    en: 'The file has no questions: fill in the rows below the headers',
  },
  import_too_many: {
    ru: 'За один раз можно загрузить не больше {max} вопросов, а в файле их {count}',
    kk: 'Бір жолы ең көбі {max} сұрақ жүктеуге болады, ал файлда {count} сұрақ бар',
    en: 'At most {max} questions can be imported at once; the file has {count}',
  },
  import_rows_invalid: {
    ru: 'Строк с ошибками: {count}. Ничего не добавлено — исправьте их и загрузите файл снова',
    kk: 'Қатесі бар жолдар саны: {count}. Ештеңе қосылмады — оларды түзетіп, файлды қайта жүктеңіз',
    en: 'Rows with errors: {count}. Nothing was added — fix them and upload the file again',
  },
  import_added: {
    ru: 'Добавлено вопросов: {count}',
    kk: 'Қосылған сұрақтар саны: {count}',
    en: 'Questions added: {count}',
  },
} as const satisfies Texts;
