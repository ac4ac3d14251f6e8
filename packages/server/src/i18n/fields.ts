import { ANSWER_LETTERS, type Language } from '@oqu/contracts';
import type { Texts } from './messages.js';

const label = (ru: string, kk: string, en: string) => ({ ru, kk, en });

const IIN = label('ИИН', 'ЖСН', 'IIN');
const PASSWORD = label('Пароль', 'Құпиясөз', 'Password');
const NAME = label('Название', 'Атауы', 'Name');
const DESCRIPTION = label('Описание', 'Сипаттама', 'Description');
const DUTY = label('Должность', 'Лауазымы', 'Position');
const LOGIN = label('Логин', 'Логин', 'Login');
const ROLE = label('Роль', 'Рөлі', 'Role');
const PLAN = label('План обучения', 'Оқу жоспары', 'Education plan');
const TOPIC = label('Тема', 'Тақырып', 'Topic');
const TEST = label('Тест', 'Тест', 'Test');
const POSITION = label('Порядковый номер', 'Реттік нөмірі', 'Order number');
const HOURS = label('Часы', 'Сағаттар', 'Hours');
const EDU_TYPE = label('Вид обучения', 'Оқыту түрі', 'Education type');
const LESSON_TYPE = label('Тип занятия', 'Сабақ түрі', 'Lesson type');
const QUESTION_TEXT = label('Текст вопроса', 'Сұрақ мәтіні', 'Question text');
const ANSWER = label('Ответ', 'Жауап', 'Answer');
const PASS_MARKS = label('Проходной балл, %', 'Өту балы, %', 'Pass mark, %');
const FILE = label('Файл', 'Файл', 'File');
const PERSON = label('Пользователь', 'Пайдаланушы', 'User');
const DATE = label('Дата', 'Күні', 'Date');
const DATE_TIME = label('Дата и время', 'Күні мен уақыты', 'Date and time');
const TEACHER = label('Преподаватель', 'Оқытушы', 'Teacher');
const WEBINAR = label('Вебинар', 'Вебинар', 'Webinar');
const MESSAGE = label('Сообщение', 'Хабарлама', 'Message');
const CERTIFICATE = label('Сертификат', 'Сертификат', 'Certificate');

/**
 * What a person reads for each field the API's requests name, as the web app's forms label it. A
 * spelling that differs only in case (`iin`, `planID`) finds its entry; one that means something else
 * in another letter case has its own (`position` is a person's post, `Position` an order number).
 * A name that means two things in two requests gets the word common to both (`IDNumber`: a person's
 * personnel number or a topic's number).
 */
const FIELD_LABELS: Texts = {
  IIN,
  Password: PASSWORD,
  Newpassword: label('Новый пароль', 'Жаңа құпиясөз', 'New password'),
  Fullname: label('ФИО', 'Аты-жөні', 'Full name'),
  Lastname: label('Фамилия', 'Тегі', 'Surname'),
  Firstname: label('Имя', 'Аты', 'First name'),
  Patronomyc: label('Отчество', 'Әкесінің аты', 'Middle name'),
  Department: label('Подразделение', 'Бөлімше', 'Department'),
  Duty: DUTY,
  position: DUTY,
  Tabel: label('Табельный номер', 'Табель нөмірі', 'Personnel number'),
  IDNumber: label('Номер', 'Нөмірі', 'Number'),
  Username: LOGIN,
  Login: LOGIN,
  RoleID: ROLE,
  role: ROLE,
  IsBlocked: label('Блокировка', 'Бұғаттау', 'Blocked'),
  UserID: PERSON,
  user: PERSON,
  Name: NAME,
  Plan: NAME,
  Topic: NAME,
  Test: NAME,
  Webinarname: NAME,
  Description: DESCRIPTION,
  CertificateID: CERTIFICATE,
  Types: EDU_TYPE,
  EduType: EDU_TYPE,
  TypeID: LESSON_TYPE,
  type: LESSON_TYPE,
  PlanID: PLAN,
  plan: PLAN,
  TopicID: TOPIC,
  topic: TOPIC,
  TestID: TEST,
  test: TEST,
  Position: POSITION,
  Number: POSITION,
  TotalHour: HOURS,
  Studyhour: HOURS,
  Thematic: label('Тематика', 'Тақырыптық мазмұны', 'Thematic content'),
  TextOne: label('План занятия', 'Сабақ жоспары', 'Lesson plan'),
  TextTwo: label('Изложение нового материала', 'Жаңа материалды баяндау', 'New material outline'),
  TextThree: label('Оборудование', 'Жабдықтар', 'Equipment'),
  TextFour: label('Наглядные пособия', 'Көрнекі құралдар', 'Teaching aids'),
  Date: DATE,
  BeginTime: DATE_TIME,
  Startdate: DATE_TIME,
  Duration: label('Длительность, минут', 'Ұзақтығы, минут', 'Duration, minutes'),
  PassMarks: PASS_MARKS,
  Type: label('Тест относится к вебинару', 'Тест вебинарға қатысты', 'The test relates to a webinar'),
  QuestionText: QUESTION_TEXT,
  Question: QUESTION_TEXT,
  ...Object.fromEntries(
    ANSWER_LETTERS.map((letter) => [`Variant${letter}`, label(`Вариант ${letter}`, `${letter} нұсқасы`, `Variant ${letter}`)]),
  ),
  CorrectAnswer: label('Правильный ответ', 'Дұрыс жауап', 'Correct answer'),
  RemoveImage: label('Фото к вопросу', 'Сұраққа фото', 'Question photo'),
  QuestionID: label('Вопрос', 'Сұрақ', 'Question'),
  UserAnswer: ANSWER,
  AnswerText: ANSWER,
  ProblemID: label('Вопрос слушателя', 'Тыңдаушының сұрағы', 'Learner’s question'),
  FileName: FILE,
  Path: FILE,
  TeacherID: TEACHER,
  teacher: TEACHER,
  WebID: WEBINAR,
  WebinarID: WEBINAR,
  ticket: label('Билет трансляции', 'Трансляция билеті', 'Broadcast ticket'),
  t: label('Ссылка на видео', 'Бейне сілтемесі', 'Video link'),
  file: label('Файл видео', 'Бейне файлы', 'Video file'),
  Seconds: label('Секунды просмотра', 'Көру секундтары', 'Seconds watched'),
  Recording: label('Запись', 'Жазба', 'Recording'),
  web: WEBINAR,
  Message: MESSAGE,
  Examenators: label('Экзаменаторы', 'Емтихан алушылар', 'Examiners'),
  Regions: label('Аудитории (регионы)', 'Аудиториялар (өңірлер)', 'Audiences (regions)'),
  ChairID: label('Председатель комиссии', 'Комиссия төрағасы', 'Commission chair'),
  ExamID: label('Экзамен', 'Емтихан', 'Exam'),
  Vote: label('Решение экзаменатора', 'Емтихан алушының шешімі', 'Examiner’s decision'),
  Data: label('Решения экзаменатора', 'Емтихан алушының шешімдері', 'Examiner’s decisions'),
  Signature: label('Электронная подпись', 'Электрондық қолтаңба', 'Digital signature'),
  Certificate: label('Сертификат ключа подписи', 'Қолтаңба кілтінің сертификаты', 'Signing certificate'),
  page: label('Страница', 'Бет', 'Page'),
  search: label('Поиск', 'Іздеу', 'Search'),
  id: label('Номер записи', 'Жазба нөмірі', 'Record number'),
  RegionID: label('Регион', 'Өңір', 'Region'),
  // issued certificates: the template's layout, revoking, verifying
  Layout: label('Расположение полей', 'Өрістердің орналасуы', 'Field layout'),
  X: label('Отступ слева', 'Сол жақтан шегініс', 'Left offset'),
  Y: label('Отступ сверху', 'Жоғарыдан шегініс', 'Top offset'),
  Size: label('Размер', 'Өлшемі', 'Size'),
  QR: label('QR-код', 'QR-код', 'QR code'),
  Reason: label('Причина', 'Себебі', 'Reason'),
  VR: label('VR 360°', 'VR 360°', 'VR 360°'),
  code: label('Код проверки', 'Тексеру коды', 'Verification code'),
  // statistics and reports: the days filter, a report's address
  from: label('Дата с', 'Басталу күні', 'From'),
  to: label('Дата по', 'Аяқталу күні', 'To'),
  token: label('Адрес отчёта', 'Есеп мекенжайы', 'Report address'),
};

/** A field the dictionary does not know yet: named generically, never by its API name. */
const ANY_FIELD = label('поле', 'өріс', 'field');

const byLowerCase = new Map(Object.entries(FIELD_LABELS).map(([name, text]) => [name.toLowerCase(), text]));

function labelOf(name: string) {
  return Object.hasOwn(FIELD_LABELS, name) ? FIELD_LABELS[name] : byLowerCase.get(name.toLowerCase());
}

/** Whether the dictionary has a label for an API field name. */
export const hasFieldLabel = (name: string) => labelOf(name) !== undefined;

/**
 * The label of the field at a validation issue's path (`Duty.0`, `Answers.2.UserAnswer`): the
 * innermost named part the dictionary knows.
 */
export function fieldLabel(path: string, language: Language): string {
  const names = path
    .split('.')
    .filter((part) => part !== '' && !/^\d+$/.test(part))
    .reverse();
  for (const name of names) {
    const text = labelOf(name);
    if (text) return text[language];
  }
  return ANY_FIELD[language];
}
