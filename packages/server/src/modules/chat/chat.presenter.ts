import type { ChatMessage } from '@oqu/contracts';
import type { ChatRecord } from './chat.repository.js';

/** Chat rows to the spec's Chat message. */
export function toChatMessage(row: ChatRecord): ChatMessage {
  return {
    ID: row.id,
    Message: row.message,
    CreatedAt: new Date(row.created_at).toISOString(),
    WebID: row.webinar_id,
    UserID: row.user_id,
    UserName: row.full_name,
    RoleID: row.role_id,
  };
}
