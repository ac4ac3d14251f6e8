import type { ColumnType, Generated, Selectable } from 'kysely';

/** A text column with a database default. */
type DefaultedText = ColumnType<string, string | undefined, string>;
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface UsersTable {
  id: Generated<number>;
  role_id: number;
  last_name: DefaultedText;
  first_name: DefaultedText;
  middle_name: DefaultedText;
  full_name: string;
  login: string | null;
  iin: string;
  tabel: string | null;
  department: DefaultedText;
  duty: DefaultedText;
  password_hash: string;
  is_blocked: Generated<boolean>;
  plan_id: number | null;
  registered_on: ColumnType<string, string | undefined, string>;
  archived_at: Timestamp | null;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

export interface SessionsTable {
  id: Generated<string>;
  user_id: number;
  token_hash: string;
  created_at: Generated<Timestamp>;
  expires_at: Timestamp;
}

export interface UserPhotosTable {
  id: Generated<number>;
  user_id: number;
  storage_key: string;
  name: string;
  mime: string;
  size: number;
  created_at: Generated<Timestamp>;
}

export interface LoginFailuresTable {
  key: string;
  failures: number;
  first_failed_at: Timestamp;
}

export interface AuditLogTable {
  id: Generated<string>;
  actor_id: number;
  action: string;
  target_id: number | null;
  details: ColumnType<unknown, string | undefined, string>;
  created_at: Generated<Timestamp>;
}

export interface DictionaryItemsTable {
  id: number;
  kind: 'topic_type' | 'edu_type';
  position: number;
  name_ru: string;
  name_kk: string;
  name_en: string;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  user_photos: UserPhotosTable;
  login_failures: LoginFailuresTable;
  audit_log: AuditLogTable;
  dictionary_items: DictionaryItemsTable;
}

export type UserRow = Selectable<UsersTable>;
export type UserPhotoRow = Selectable<UserPhotosTable>;
