import type { Texts } from './messages.js';

/** Messages of the testing engine: attempts, answers, results. */
export const attemptsMessages = {
  attempt_test_not_in_plan: {
    ru: 'Тест не найден в вашем плане обучения',
    kk: 'Тест сіздің оқу жоспарыңызда табылмады',
    en: 'This test is not in your education plan',
  },
  attempt_retake_not_yet: {
    ru: 'Пересдача ещё не началась: тест откроется в назначенное время',
    kk: 'Қайта тапсыру әлі басталған жоқ: тест белгіленген уақытта ашылады',
    en: 'The retake has not begun yet: the test opens at the appointed time',
  },
  attempt_retake_gone: {
    ru: 'Пересдача отменена',
    kk: 'Қайта тапсырудың күші жойылды',
    en: 'The retake has been cancelled',
  },
  attempt_test_not_opened: {
    ru: 'Тест ещё не открыт преподавателем',
    kk: 'Тестті оқытушы әлі ашқан жоқ',
    en: 'The teacher has not opened this test yet',
  },
  attempt_test_not_webinar: {
    ru: 'Открыть для всех можно только тест вебинара',
    kk: 'Барлығына тек вебинар тестін ашуға болады',
    en: 'Only a webinar’s test can be opened for everyone',
  },
  attempt_test_empty: {
    ru: 'В тесте пока нет вопросов',
    kk: 'Тестте әзірге сұрақтар жоқ',
    en: 'This test has no questions yet',
  },
  attempt_time_over: {
    ru: 'Время теста истекло',
    kk: 'Тест уақыты аяқталды',
    en: 'Time for this test is up',
  },
  attempt_not_running: {
    ru: 'Тест не начат или уже завершён',
    kk: 'Тест басталмаған немесе аяқталып қойған',
    en: 'The test has not been started or is already finished',
  },
  attempt_finished: { ru: 'Тест завершён', kk: 'Тест аяқталды', en: 'The test is finished' },
  test_opened: {
    ru: 'Тест открыт для слушателей',
    kk: 'Тест тыңдаушыларға ашылды',
    en: 'The test is open to trainees',
  },
  answer_choice: {
    ru: 'Ответ — одна из букв A, B, C, D, E, F',
    kk: 'Жауап A, B, C, D, E, F әріптерінің бірі болуы керек',
    en: 'The answer must be one of the letters A, B, C, D, E, F',
  },
  answer_saved: { ru: 'Ответ сохранён', kk: 'Жауап сақталды', en: 'Answer saved' },
  answer_already_given: {
    ru: 'На этот вопрос уже дан другой ответ: первый ответ окончательный',
    kk: 'Бұл сұраққа басқа жауап берілген: алғашқы жауап түпкілікті',
    en: 'A different answer was already given to this question: the first answer is final',
  },
  answer_question_not_in_test: {
    ru: 'Этот вопрос не относится к тесту',
    kk: 'Бұл сұрақ тестке жатпайды',
    en: 'This question is not part of the test',
  },
  answer_variant_missing: {
    ru: 'У этого вопроса нет варианта {letter}',
    kk: 'Бұл сұрақта {letter} нұсқасы жоқ',
    en: 'This question has no variant {letter}',
  },
} as const satisfies Texts;
