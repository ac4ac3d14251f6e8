import type { WebinarDocument, WebinarStatus } from '@oqu/contracts';
import type { WebinarEventHub } from '../../plugins/realtime.js';
import type { Storage } from '../../plugins/storage.js';
import type { AuditService } from '../audit/audit.service.js';
import type { AuthUser } from '../auth/auth.service.js';
import type { Upload } from '../files/files.service.js';
import type { WebinarsRepository } from './webinars.repository.js';

export interface WebinarSettings {
  /** STREAM_PAGE_URL: `{id}`, `{name}` and `{teacher}` are replaced; undefined when none is configured. */
  streamPageUrl?: string;
  /** A webinar its teacher never ended reads 'Завершен' this long after its scheduled end. */
  graceMinutes: number;
}

/** Who is in a webinar's room, as the other webinar modules need to know. */
export interface RoomAccess {
  webinarId: number;
  teacherId: number;
  planId: number;
  /** The caller is the webinar's teacher or an administrator (may run the room). */
  runsRoom: boolean;
  status: WebinarStatus;
}

/** Scheduling, status, the teacher's start and end, attendance, documents, preview and webinar tests. */
export class WebinarsService {
  constructor(
    private readonly repository: WebinarsRepository,
    private readonly audit: AuditService,
    private readonly storage: Storage,
    private readonly events: WebinarEventHub,
    private readonly settings: WebinarSettings,
  ) {}

  /**
   * The caller's access to a webinar's room: an administrator any webinar, a teacher their own, a
   * trainee one of their plan; 404 for an archived webinar or one the caller may not see.
   */
  async roomAccess(_user: AuthUser, _webinarId: number): Promise<RoomAccess> {
    throw new Error('not built yet');
  }

  /** Adds a document to the room (its teacher or an administrator); answers the room's documents. */
  async addDocument(_user: AuthUser, _webinarId: number, _file: Upload): Promise<WebinarDocument[]> {
    throw new Error('not built yet');
  }

  /** Sets the preview video (whoever may edit the webinar). */
  async setPreview(_user: AuthUser, _webinarId: number, _file: Upload): Promise<{ ID: number; Name: string; Path: string }> {
    throw new Error('not built yet');
  }
}
