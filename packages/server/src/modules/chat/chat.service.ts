import { CHAT_PAGE_SIZE, type ChatMessage, WEBINAR_STATUS } from '@oqu/contracts';
import { forbidden, unprocessable } from '../../errors.js';
import type { WebinarEventHub } from '../../plugins/realtime.js';
import type { AuthUser } from '../auth/auth-user.js';
import type { WebinarsService } from '../webinars/webinars.service.js';
import { chatWriting } from './chat.policy.js';
import { toChatMessage } from './chat.presenter.js';
import type { ChatRepository } from './chat.repository.js';

/** A webinar's chat: pages for the polling clients, new messages pushed to open rooms. */
export class ChatService {
  constructor(
    private readonly repository: ChatRepository,
    private readonly webinars: WebinarsService,
    private readonly events: WebinarEventHub,
  ) {}

  /** Page 1 is the newest CHAT_PAGE_SIZE messages; each page reads oldest first, as a chat does. Examiners read too. */
  async page(user: AuthUser, webinarId: number, page: number) {
    await this.webinars.assertReadable(user, webinarId);
    const { rows, total } = await this.repository.page(webinarId, CHAT_PAGE_SIZE, (page - 1) * CHAT_PAGE_SIZE);
    return { data: rows.reverse().map(toChatMessage), pages: Math.max(1, Math.ceil(total / CHAT_PAGE_SIZE)), total };
  }

  /**
   * The teacher (or an administrator) may write whenever the webinar exists, before and after it
   * too; a trainee only while it is 'В процессе'. Other staff read only.
   */
  async post(user: AuthUser, webinarId: number, text: string): Promise<ChatMessage> {
    const access = await this.webinars.roomAccess(user, webinarId);
    const writing = chatWriting(user, access);
    if (writing === 'never') throw forbidden('chat_read_only');
    if (writing === 'while_live' && access.status !== WEBINAR_STATUS.Live) throw unprocessable('chat_not_live');
    const message = toChatMessage(await this.repository.insert(webinarId, user.id, text));
    await this.events.publish(webinarId, { type: 'chat', data: message });
    return message;
  }
}
