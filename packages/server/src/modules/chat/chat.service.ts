import type { WebinarEventHub } from '../../plugins/realtime.js';
import type { WebinarsService } from '../webinars/webinars.service.js';
import type { ChatRepository } from './chat.repository.js';

/** A webinar's chat: pages for the polling clients, new messages pushed to open rooms. */
export class ChatService {
  constructor(
    private readonly repository: ChatRepository,
    private readonly webinars: WebinarsService,
    private readonly events: WebinarEventHub,
  ) {}
}
