import type { WebinarEventHub } from '../../plugins/realtime.js';
import type { WebinarsService } from '../webinars/webinars.service.js';
import type { PresenceRepository } from './presence.repository.js';

/** The room's event stream and the presence it records (opened, seen by the heartbeat, closed). */
export class PresenceService {
  constructor(
    private readonly repository: PresenceRepository,
    private readonly webinars: WebinarsService,
    private readonly events: WebinarEventHub,
  ) {}
}
