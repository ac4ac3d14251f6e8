import type { Texts } from './messages.js';

/** Messages about chat. */
export const chatMessages = {
  chat_sent: { ru: 'Сообщение отправлено', kk: 'Хабарлама жіберілді', en: 'Message sent' },
  chat_not_live: {
    ru: 'Писать в чат можно только во время вебинара',
    kk: 'Чатқа тек вебинар барысында жазуға болады',
    en: 'You can write in the chat only while the webinar is in progress',
  },
  chat_read_only: {
    ru: 'Вы можете только читать этот чат',
    kk: 'Сіз бұл чатты тек оқи аласыз',
    en: 'You can only read this chat',
  },
} satisfies Texts;
