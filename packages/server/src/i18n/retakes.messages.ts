import type { Texts } from './messages.js';

/** Messages about retakes and the gradebook journal. */
export const retakesMessages = {
  retake_created: { ru: 'Пересдача назначена', kk: 'Қайта тапсыру тағайындалды', en: 'The retake is assigned' },
  retake_updated: { ru: 'Пересдача изменена', kk: 'Қайта тапсыру өзгертілді', en: 'The retake is updated' },
  retake_deleted: { ru: 'Пересдача отменена', kk: 'Қайта тапсырудан бас тартылды', en: 'The retake is cancelled' },
  retake_not_found: { ru: 'Пересдача не найдена', kk: 'Қайта тапсыру табылмады', en: 'Retake not found' },
  retake_used: {
    ru: 'По этой пересдаче уже начата попытка: её нельзя изменить или удалить',
    kk: 'Бұл қайта тапсыру бойынша әрекет басталып қойған: оны өзгертуге немесе жоюға болмайды',
    en: 'An attempt has already been made on this retake: it cannot be changed or deleted',
  },
  retake_pending_exists: {
    ru: 'У сотрудника уже есть неиспользованная пересдача этого теста',
    kk: 'Қызметкерде осы тестті қайта тапсырудың пайдаланылмаған мүмкіндігі бар',
    en: 'The person already has an unused retake of this test',
  },
  retake_user_not_found: {
    ru: 'Сотрудник не найден',
    kk: 'Қызметкер табылмады',
    en: 'The person was not found',
  },
  retake_not_trainee: {
    ru: 'Пересдачу можно назначить только обучающемуся',
    kk: 'Қайта тапсыруды тек білім алушыға тағайындауға болады',
    en: 'A retake can only be assigned to a trainee',
  },
  retake_test_not_found: { ru: 'Тест не найден', kk: 'Тест табылмады', en: 'Test not found' },
  retake_test_not_in_plan: {
    ru: 'Этого теста нет в плане обучения сотрудника',
    kk: 'Бұл тест қызметкердің оқу жоспарында жоқ',
    en: 'This test is not in the person’s education plan',
  },
  retake_tabel_not_found: {
    ru: 'Сотрудник с таким табельным номером не найден',
    kk: 'Мұндай табель нөмірі бар қызметкер табылмады',
    en: 'No one has this personnel number',
  },
  retake_date_format: {
    ru: 'Укажите дату и время в формате ISO 8601 со смещением, например 2026-11-25T10:00+06:00',
    kk: 'Күн мен уақытты ISO 8601 пішімінде ығысумен көрсетіңіз, мысалы 2026-11-25T10:00+06:00',
    en: 'Give the date and time as ISO 8601 with an offset, e.g. 2026-11-25T10:00+06:00',
  },
} as const satisfies Texts;
