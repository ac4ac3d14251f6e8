import type { Texts } from './messages.js';

/** Messages about learners' question threads (problems). */
export const problemsMessages = {
  problem_asked: { ru: 'Вопрос отправлен преподавателю', kk: 'Сұрақ оқытушыға жіберілді', en: 'Your question was sent to the teacher' },
  problem_answered: { ru: 'Сообщение отправлено', kk: 'Хабарлама жіберілді', en: 'Message sent' },
  problem_marked_read: { ru: 'Отмечено как прочитанное', kk: 'Оқылды деп белгіленді', en: 'Marked as read' },
  problem_not_found: { ru: 'Вопрос не найден', kk: 'Сұрақ табылмады', en: 'Question not found' },
  problem_answer_not_found: { ru: 'Сообщение не найдено', kk: 'Хабарлама табылмады', en: 'Message not found' },
  problem_answer_not_author: {
    ru: 'Прикрепить файл к сообщению может только его автор',
    kk: 'Хабарламаға файлды тек оның авторы тіркей алады',
    en: 'Only the author of a message can attach a file to it',
  },
} as const satisfies Texts;
