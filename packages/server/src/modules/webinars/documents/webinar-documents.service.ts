import type { WebinarDocument } from '@oqu/contracts';
import { notFound } from '../../../errors.js';
import type { WebinarEventHub } from '../../../plugins/realtime.js';
import type { Storage } from '../../../plugins/storage.js';
import type { AuditService } from '../../audit/audit.service.js';
import type { AuthUser } from '../../auth/auth-user.js';
import type { Upload } from '../../files/files.service.js';
import type { WebinarsService } from '../webinars.service.js';
import { toDocument } from './webinar-documents.presenter.js';
import type { WebinarDocumentsRepository } from './webinar-documents.repository.js';

/** A room's documents: its teacher or an administrator adds and deletes them; open rooms hear the list. */
export class WebinarDocumentsService {
  constructor(
    private readonly repository: WebinarDocumentsRepository,
    private readonly webinars: WebinarsService,
    private readonly audit: AuditService,
    private readonly storage: Storage,
    private readonly events: WebinarEventHub,
  ) {}

  /**
   * Adds a stored document to the room (its teacher or an administrator; the upload route removes
   * the file when this refuses); answers the room's documents.
   */
  async add(user: AuthUser, webinarId: number, file: Upload): Promise<WebinarDocument[]> {
    await this.webinars.runnable(user, webinarId);
    const id = await this.repository.insertDocument({
      webinar_id: webinarId,
      name: file.name,
      storage_key: file.key,
      size: file.size,
      content_type: file.mime,
      uploaded_by: user.id,
    });
    await this.audit.record(user.id, 'webinar.document.add', webinarId, { document: id, name: file.name });
    return this.publish(webinarId);
  }

  /** DELETE /delete/docs/id:{id}: its webinar's teacher or an administrator; the file goes too. Answers the room's documents. */
  async remove(user: AuthUser, documentId: number): Promise<WebinarDocument[]> {
    const document = await this.repository.findDocument(documentId);
    if (!document) throw notFound('document_not_found');
    await this.webinars.runnable(user, document.webinar_id);
    await this.repository.deleteDocument(documentId);
    await this.storage.remove(document.storage_key);
    await this.audit.record(user.id, 'webinar.document.delete', document.webinar_id, { document: documentId, name: document.name });
    return this.publish(document.webinar_id);
  }

  /** Tells the open rooms the documents as they are now; answers them. */
  private async publish(webinarId: number) {
    const docs = (await this.repository.documents(webinarId)).map(toDocument);
    await this.events.publish(webinarId, { type: 'docs', data: { Docs: docs } });
    return docs;
  }
}
