import { EXAM_VERDICT_RULE_RU } from '@oqu/contracts';
import type { Texts } from './messages.js';

/** The exam form's labels as the web app shows them, by the field EditableFields names. */
export const EXAM_FIELD_LABELS = {
  Name: { ru: 'Название экзамена', kk: 'Емтихан атауы', en: 'Exam name' },
  PlanID: { ru: 'План обучения', kk: 'Оқу жоспары', en: 'Education plan' },
  TypeID: { ru: 'Вид экзамена', kk: 'Емтихан түрі', en: 'Exam type' },
  PassMarks: { ru: 'Проходной балл', kk: 'Өту балы', en: 'Pass mark' },
  BeginTime: { ru: 'Дата и время', kk: 'Күні мен уақыты', en: 'Date and time' },
  Duration: { ru: 'Длительность, минут', kk: 'Ұзақтығы, минут', en: 'Duration, minutes' },
  Examenators: { ru: 'Экзаменаторы', kk: 'Емтихан алушылар', en: 'Examiners' },
  ChairID: { ru: 'Председатель комиссии', kk: 'Комиссия төрағасы', en: 'Commission chair' },
  Regions: { ru: 'Аудитории (регионы)', kk: 'Аудиториялар (өңірлер)', en: 'Audiences (regions)' },
} as const satisfies Texts;

/** Messages about formal exams: the form, the rooms, votes and the report card's access. */
export const examsMessages = {
  // ——— the form ———
  exam_created: { ru: 'Экзамен создан', kk: 'Емтихан құрылды', en: 'Exam created' },
  exam_updated: { ru: 'Изменения экзамена сохранены', kk: 'Емтихан өзгерістері сақталды', en: 'Exam changes saved' },
  exam_deleted: { ru: 'Экзамен удалён', kk: 'Емтихан жойылды', en: 'Exam deleted' },
  exam_not_found: { ru: 'Экзамен не найден', kk: 'Емтихан табылмады', en: 'Exam not found' },
  exam_begin_format: {
    ru: 'Укажите дату и время начала в формате ISO 8601 с часовым поясом, например 2026-11-25T10:00+06:00',
    kk: 'Басталу күні мен уақытын уақыт белдеуімен ISO 8601 пішімінде көрсетіңіз, мысалы 2026-11-25T10:00+06:00',
    en: 'Give the start date and time in ISO 8601 with a time zone, e.g. 2026-11-25T10:00+06:00',
  },
  exam_examiner_required: {
    ru: 'Выберите хотя бы одного экзаменатора',
    kk: 'Кемінде бір емтихан алушыны таңдаңыз',
    en: 'Choose at least one examiner',
  },
  exam_plan_not_found: {
    ru: '«План обучения»: выбранный план не найден',
    kk: '«Оқу жоспары»: таңдалған жоспар табылмады',
    en: '“Education plan”: the chosen plan was not found',
  },
  exam_type_unknown: {
    ru: '«Тип экзамена»: выберите тип из справочника',
    kk: '«Емтихан түрі»: анықтамалықтан түрін таңдаңыз',
    en: '“Exam type”: choose a type from the list',
  },
  exam_pass_marks_over: {
    ru: '«Проходной балл»: не больше числа тестов плана ({tests})',
    kk: '«Өту балы»: жоспар тестерінің санынан аспауы керек ({tests})',
    en: '“Pass mark”: at most the plan’s test count ({tests})',
  },
  exam_examiner_invalid: {
    ru: '«Экзаменаторы»: «{name}» не является действующим экзаменатором',
    kk: '«Емтихан алушылар»: «{name}» әрекеттегі емтихан алушы емес',
    en: '“Examiners”: “{name}” is not an active examiner',
  },
  exam_region_invalid: {
    ru: '«Регионы»: «{name}» не является действующей учётной записью региона',
    kk: '«Аймақтар»: «{name}» әрекеттегі аймақ тіркелгісі емес',
    en: '“Regions”: “{name}” is not an active region account',
  },
  exam_has_records: {
    ru: 'Экзамен нельзя удалить: экзаменаторы уже голосовали или подписали табель',
    kk: 'Емтиханды жою мүмкін емес: емтихан алушылар дауыс беріп қойған немесе ведомостқа қол қойған',
    en: 'The exam cannot be deleted: examiners have already voted or signed the report card',
  },
  exam_signed_locked: {
    ru: 'Табель экзамена уже подписан: изменить экзамен нельзя',
    kk: 'Емтихан ведомосіне қол қойылған: емтиханды өзгерту мүмкін емес',
    en: 'The exam’s report card is already signed: the exam cannot be changed',
  },
  exam_no_region: { ru: 'Без региона', kk: 'Аймақсыз', en: 'No region' },
  exam_begin_past: {
    ru: '«Дата и время»: экзамен не может начинаться в прошлом',
    kk: '«Күні мен уақыты»: емтихан өткен уақытта басталмайды',
    en: '“Date and time”: an exam cannot begin in the past',
  },
  exam_chair_invalid: {
    ru: '«Председатель комиссии»: выберите председателя среди экзаменаторов экзамена',
    kk: '«Комиссия төрағасы»: төрағаны емтиханның емтихан алушылары арасынан таңдаңыз',
    en: '“Commission chair”: choose the chair among the exam’s examiners',
  },

  // ——— who may change what of an exam (EditableFields, LockReason and the refusals of a save) ———
  exam_field_admin_only: {
    ru: '«{field}»: изменить может только администратор',
    kk: '«{field}»: тек әкімші өзгерте алады',
    en: '“{field}”: only an administrator can change it',
  },
  exam_field_frozen: { ru: '«{field}»: {reason}', kk: '«{field}»: {reason}', en: '“{field}”: {reason}' },
  exam_lock_signed: {
    ru: 'Табель подписан: экзамен изменить нельзя',
    kk: 'Ведомостқа қол қойылған: емтиханды өзгерту мүмкін емес',
    en: 'The report card is signed: the exam cannot be changed',
  },
  exam_lock_voted: {
    ru: 'Есть решения экзаменаторов: можно изменить только название',
    kk: 'Емтихан алушылардың шешімдері бар: тек атауын өзгертуге болады',
    en: 'Examiners have given decisions: only the name can be changed',
  },
  exam_lock_begun: {
    ru: 'Экзамен уже начался: можно изменить только название',
    kk: 'Емтихан басталып кетті: тек атауын өзгертуге болады',
    en: 'The exam has begun: only the name can be changed',
  },
  exam_lock_admin_only: {
    ru: 'Только администратор может изменить экзамен, кроме его названия',
    kk: 'Емтиханды атауынан басқасын тек әкімші өзгерте алады',
    en: 'Only an administrator can change the exam beyond its name',
  },
  exam_lock_read_only: {
    ru: 'Только администратор может изменить этот экзамен',
    kk: 'Бұл емтиханды тек әкімші өзгерте алады',
    en: 'Only an administrator can change this exam',
  },

  // ——— the room ———
  exam_not_examiner: {
    ru: 'Вы не являетесь экзаменатором этого экзамена',
    kk: 'Сіз бұл емтиханның емтихан алушысы емессіз',
    en: 'You are not an examiner of this exam',
  },
  exam_not_in_progress: {
    ru: 'Завершить можно только идущий экзамен',
    kk: 'Тек жүріп жатқан емтиханды аяқтауға болады',
    en: 'Only an exam in progress can be completed',
  },
  exam_completed: { ru: 'Экзамен завершён', kk: 'Емтихан аяқталды', en: 'Exam completed' },
  exam_not_started: {
    ru: 'Экзамен ещё не начался: голосовать можно после его начала',
    kk: 'Емтихан әлі басталған жоқ: дауыс беру ол басталғаннан кейін мүмкін',
    en: 'The exam has not begun yet: votes are taken once it begins',
  },
  exam_vote_not_participant: {
    ru: 'Пользователь с номером {id} не участвует в экзамене {exam}',
    kk: '{id} нөмірлі пайдаланушы {exam} емтиханына қатыспайды',
    en: 'User number {id} does not take part in exam {exam}',
  },
  exam_votes_locked: {
    ru: 'Табель экзамена уже подписан: решения комиссии больше не меняются',
    kk: 'Емтихан ведомосіне қол қойылды: комиссия шешімдері енді өзгермейді',
    en: 'The exam’s report card is signed: the commission’s decisions no longer change',
  },
  exam_votes_saved: { ru: 'Голоса сохранены', kk: 'Дауыстар сақталды', en: 'Votes saved' },

  // ——— the report card (the signatures module asks the exams service) ———
  exam_not_finished: {
    ru: 'Табель можно подписать только после завершения экзамена',
    kk: 'Ведомостқа емтихан аяқталғаннан кейін ғана қол қоюға болады',
    en: 'The report card can be signed only once the exam is over',
  },
  exam_sign_undecided: {
    ru: 'Не все члены комиссии вынесли решение: {list}',
    kk: 'Комиссияның барлық мүшелері шешім шығармады: {list}',
    en: 'Not every commission member has decided: {list}',
  },
  exam_document_not_signed: {
    ru: 'Табель ещё не подписан: подписанного документа нет',
    kk: 'Ведомостқа әлі қол қойылмаған: қол қойылған құжат жоқ',
    en: 'The report card is not signed yet: there is no signed document',
  },
  /** the rule the card states: ru is EXAM_VERDICT_RULE_RU (the card itself is always Russian) */
  exam_verdict_rule: {
    ru: EXAM_VERDICT_RULE_RU,
    kk: 'Тыңдаушы комиссияның барлық мүшелері қабылдаған жағдайда ғана қабылданды деп саналады; комиссияның кез келген мүшесінің бас тартуы «Қабылданбады» дегенді білдіреді.',
    en: 'A trainee is accepted only if every commission member accepted; a rejection by any member means “Not accepted”.',
  },
  exam_already_signed: {
    ru: 'Вы уже подписали табель этого экзамена',
    kk: 'Сіз бұл емтиханның ведомосіне қол қойдыңыз',
    en: 'You have already signed this exam’s report card',
  },

  // ——— a trainee's region (the users form) ———
  user_region_invalid: {
    ru: '«Регион»: выберите действующую учётную запись региона',
    kk: '«Аймақ»: әрекеттегі аймақ тіркелгісін таңдаңыз',
    en: '“Region”: choose an active region account',
  },
  user_region_trainee_only: {
    ru: '«Регион»: регион указывается только у слушателей',
    kk: '«Аймақ»: аймақ тек тыңдаушыларға көрсетіледі',
    en: '“Region”: only trainees belong to a region',
  },
} as const satisfies Texts;
