import type { Language } from '@oqu/contracts';
import { attemptsMessages } from './attempts.messages.js';
import { catalogueMessages } from './catalogue.messages.js';
import { chatMessages } from './chat.messages.js';
import { examsMessages } from './exams.messages.js';
import { faceMessages } from './face.messages.js';
import { issuedCertificatesMessages } from './issued-certificates.messages.js';
import { learnerPlanMessages } from './learner-plan.messages.js';
import { mediaMessages } from './media.messages.js';
import { problemsMessages } from './problems.messages.js';
import { retakesMessages } from './retakes.messages.js';
import { scormMessages } from './scorm.messages.js';
import { scormPackageMessages } from './scorm-package.messages.js';
import { signaturesMessages } from './signatures.messages.js';
import { statisticsMessages } from './statistics.messages.js';
import { testsMessages } from './tests.messages.js';
import { webinarsMessages } from './webinars.messages.js';

export type Texts = Record<string, Record<Language, string>>;

/** Messages of the platform itself (sign-in, people, files); each area adds its own catalogue below. */
const coreMessages = {
  ok: { ru: 'Готово', kk: 'Дайын', en: 'Done' },
  unauthorized: {
    ru: 'Войдите в систему',
    kk: 'Жүйеге кіріңіз',
    en: 'Please sign in',
  },
  session_expired: {
    ru: 'Сеанс завершён, войдите снова',
    kk: 'Сеанс аяқталды, қайта кіріңіз',
    en: 'Your session has ended, please sign in again',
  },
  forbidden: {
    ru: 'Недостаточно прав для этого действия',
    kk: 'Бұл әрекетке құқығыңыз жеткіліксіз',
    en: 'You do not have permission to do this',
  },
  not_found: { ru: 'Не найдено', kk: 'Табылмады', en: 'Not found' },
  user_not_found: { ru: 'Пользователь не найден', kk: 'Пайдаланушы табылмады', en: 'User not found' },
  photo_not_found: { ru: 'Фотография не найдена', kk: 'Фотосурет табылмады', en: 'Photo not found' },
  route_not_found: {
    ru: 'Такого адреса API нет',
    kk: 'Мұндай API мекенжайы жоқ',
    en: 'There is no such API address',
  },
  validation: {
    ru: 'Проверьте поля: {fields}',
    kk: 'Өрістерді тексеріңіз: {fields}',
    en: 'Please check the fields: {fields}',
  },
  required: { ru: 'Обязательное поле', kk: 'Міндетті өріс', en: 'This field is required' },
  invalid_type: { ru: 'Неверный тип значения', kk: 'Мән түрі қате', en: 'Wrong type of value' },
  too_small: {
    ru: 'Слишком короткое или малое значение (минимум {minimum})',
    kk: 'Мән тым қысқа немесе кіші (кемінде {minimum})',
    en: 'Too short or too small (minimum {minimum})',
  },
  too_big: {
    ru: 'Слишком длинное или большое значение (максимум {maximum})',
    kk: 'Мән тым ұзын немесе үлкен (ең көбі {maximum})',
    en: 'Too long or too large (maximum {maximum})',
  },
  invalid_value: { ru: 'Недопустимое значение', kk: 'Жарамсыз мән', en: 'Value not allowed' },
  bad_request: { ru: 'Неверный запрос', kk: 'Қате сұрау', en: 'Bad request' },
  text_invalid: {
    ru: 'Текст содержит недопустимые символы',
    kk: 'Мәтінде рұқсат етілмеген таңбалар бар',
    en: 'The text contains characters that are not allowed',
  },
  date_format: {
    ru: 'Укажите дату и время в формате ISO 8601 с часовым поясом, год от 1 до 9999, например 2026-11-25T10:00+06:00',
    kk: 'Күн мен уақытты уақыт белдеуімен ISO 8601 пішімінде көрсетіңіз, жыл 1-ден 9999-ға дейін, мысалы 2026-11-25T10:00+06:00',
    en: 'Give the date and time as ISO 8601 with a time zone, a year from 1 to 9999, e.g. 2026-11-25T10:00+06:00',
  },
  nothing_to_update: {
    ru: 'Нет полей для изменения',
    kk: 'Өзгертетін өрістер жоқ',
    en: 'There are no fields to change',
  },
  value_not_storable: {
    ru: 'Значение не может быть сохранено',
    kk: 'Мәнді сақтау мүмкін емес',
    en: 'The value cannot be stored',
  },
  multipart_invalid: {
    ru: 'Неверный формат отправки файла (multipart/form-data)',
    kk: 'Файлды жіберу пішімі қате (multipart/form-data)',
    en: 'The file upload is malformed (multipart/form-data)',
  },
  unavailable: {
    ru: 'Сервис временно недоступен, попробуйте через минуту',
    kk: 'Қызмет уақытша қолжетімсіз, бір минуттан кейін қайталаңыз',
    en: 'The service is temporarily unavailable, try again in a minute',
  },
  too_large: { ru: 'Файл слишком большой', kk: 'Файл тым үлкен', en: 'The file is too large' },
  unsupported_type: {
    ru: 'Неподдерживаемый тип данных',
    kk: 'Қолдау көрсетілмейтін деректер түрі',
    en: 'Unsupported content type',
  },
  rate_limited: {
    ru: 'Слишком много запросов, попробуйте позже',
    kk: 'Сұраулар тым көп, кейінірек қайталаңыз',
    en: 'Too many requests, try again later',
  },
  internal: {
    ru: 'Внутренняя ошибка сервера, попробуйте позже',
    kk: 'Сервердің ішкі қатесі, кейінірек қайталаңыз',
    en: 'Internal server error, try again later',
  },
  login_invalid: {
    ru: 'Неверный ИИН или пароль',
    kk: 'ЖСН немесе құпиясөз қате',
    en: 'Wrong IIN or password',
  },
  login_blocked: {
    ru: 'Учётная запись заблокирована. Обратитесь к администратору',
    kk: 'Тіркелгі бұғатталған. Әкімшіге хабарласыңыз',
    en: 'The account is blocked. Please contact the administrator',
  },
  login_locked: {
    ru: 'Слишком много неудачных попыток входа. Попробуйте через {minutes} мин.',
    kk: 'Кіру әрекеттері тым көп сәтсіз болды. {minutes} минуттан кейін қайталаңыз',
    en: 'Too many failed sign-in attempts. Try again in {minutes} min.',
  },
  logged_out: { ru: 'Вы вышли из системы', kk: 'Сіз жүйеден шықтыңыз', en: 'You have signed out' },
  password_wrong: {
    ru: 'Текущий пароль указан неверно',
    kk: 'Ағымдағы құпиясөз қате',
    en: 'The current password is wrong',
  },
  password_locked: {
    ru: 'Слишком много неверных попыток ввода пароля. Попробуйте через {minutes} мин.',
    kk: 'Құпиясөз тым көп рет қате енгізілді. {minutes} минуттан кейін қайталаңыз',
    en: 'Too many wrong password attempts. Try again in {minutes} min.',
  },
  password_too_short: {
    ru: 'Пароль должен быть не короче 6 символов',
    kk: 'Құпиясөз кемінде 6 таңбадан тұруы керек',
    en: 'The password must be at least 6 characters long',
  },
  password_changed: { ru: 'Пароль изменён', kk: 'Құпиясөз өзгертілді', en: 'Password changed' },
  iin_format: {
    ru: 'ИИН должен состоять из 12 цифр',
    kk: 'ЖСН 12 цифрдан тұруы керек',
    en: 'The IIN must be 12 digits',
  },
  iin_checksum: {
    ru: 'ИИН недействителен: не сходится контрольная цифра',
    kk: 'ЖСН жарамсыз: бақылау саны сәйкес келмейді',
    en: 'The IIN is not valid: the check digit does not match',
  },
  login_format: {
    ru: 'Логин: от 3 до 64 латинских букв, цифр и знаков . _ @ -',
    kk: 'Логин: 3–64 латын әрпі, цифр және . _ @ - таңбалары',
    en: 'Login: 3 to 64 Latin letters, digits and . _ @ -',
  },
  name_required: {
    ru: 'Укажите ФИО',
    kk: 'Аты-жөнін көрсетіңіз',
    en: 'Please enter the full name',
  },
  iin_taken: {
    ru: 'Пользователь с таким ИИН уже есть',
    kk: 'Мұндай ЖСН бар пайдаланушы бұрыннан бар',
    en: 'A user with this IIN already exists',
  },
  iin_archived: {
    ru: 'Пользователь с таким ИИН находится в архиве',
    kk: 'Мұндай ЖСН бар пайдаланушы мұрағатта',
    en: 'A user with this IIN is in the archive',
  },
  login_taken: {
    ru: 'Этот логин уже занят',
    kk: 'Бұл логин бос емес',
    en: 'This login is already taken',
  },
  tabel_taken: {
    ru: 'Этот табельный номер уже занят',
    kk: 'Бұл табель нөмірі бос емес',
    en: 'This personnel number is already taken',
  },
  user_created: { ru: 'Пользователь создан', kk: 'Пайдаланушы құрылды', en: 'User created' },
  user_updated: { ru: 'Изменения сохранены', kk: 'Өзгерістер сақталды', en: 'Changes saved' },
  user_blocked: { ru: 'Пользователь заблокирован', kk: 'Пайдаланушы бұғатталды', en: 'User blocked' },
  user_unblocked: { ru: 'Пользователь разблокирован', kk: 'Пайдаланушы бұғаттан шығарылды', en: 'User unblocked' },
  user_deleted: { ru: 'Пользователь удалён', kk: 'Пайдаланушы жойылды', en: 'User deleted' },
  user_archived: {
    ru: 'У пользователя есть история в системе, поэтому он перенесён в архив: данные сохранены, вход закрыт',
    kk: 'Пайдаланушының жүйеде тарихы бар, сондықтан ол мұрағатқа көшірілді: деректер сақталды, кіру жабық',
    en: 'The user has a history in the system, so they were archived: their data is kept and sign-in is closed',
  },
  cannot_change_self: {
    ru: 'Нельзя заблокировать, удалить или лишить прав администратора самого себя',
    kk: 'Өзіңізді бұғаттауға, жоюға немесе әкімші құқығынан айыруға болмайды',
    en: 'You cannot block, delete or demote your own account',
  },
  photo_missing: {
    ru: 'Выберите файл фотографии',
    kk: 'Фотосурет файлын таңдаңыз',
    en: 'Please choose a photo file',
  },
  photo_target_missing: {
    ru: 'Укажите, к чему относится фотография (UserID)',
    kk: 'Фотосурет неге тиесілі екенін көрсетіңіз (UserID)',
    en: 'Please say what the photo belongs to (UserID)',
  },
  photo_too_large: {
    ru: 'Файл не должен превышать 1 Мегабайта',
    kk: 'Файл 1 Мегабайттан аспауы керек',
    en: 'The file must not exceed 1 megabyte',
  },
  photo_type: {
    ru: 'Допустимы только изображения JPEG и PNG',
    kk: 'Тек JPEG және PNG суреттері рұқсат етіледі',
    en: 'Only JPEG and PNG images are allowed',
  },
  photo_uploaded: { ru: 'Фотография загружена', kk: 'Фотосурет жүктелді', en: 'Photo uploaded' },
  photo_deleted: { ru: 'Фотография удалена', kk: 'Фотосурет жойылды', en: 'Photo deleted' },
} as const satisfies Texts;

/** Every message the API sends, in the three interface languages. `{name}` marks a parameter. */
export const messages = {
  ...coreMessages,
  ...catalogueMessages,
  ...testsMessages,
  ...learnerPlanMessages,
  ...attemptsMessages,
  ...retakesMessages,
  ...webinarsMessages,
  ...chatMessages,
  ...problemsMessages,
  ...examsMessages,
  ...signaturesMessages,
  ...issuedCertificatesMessages,
  ...statisticsMessages,
  ...scormMessages,
  ...scormPackageMessages,
  ...mediaMessages,
  ...faceMessages,
};

export type MessageKey = keyof typeof messages;

export function isMessageKey(value: string): value is MessageKey {
  return Object.hasOwn(messages, value);
}

export function translate(key: MessageKey, language: Language, params: Record<string, string | number> = {}): string {
  return messages[key][language].replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
