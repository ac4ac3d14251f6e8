import { SendOutlined } from '@ant-design/icons';
import { CHAT_MESSAGE_MAX, type ChatMessage, Role } from '@oqu/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, type GetRef, Input, Skeleton, Spin, Tag, Typography } from 'antd';
import { type KeyboardEvent, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/LoadError';
import { errorMessage } from '../../../lib/api';
import { formatDateTime, formatTime } from '../../../lib/dates';
import { useSession } from '../../../lib/session';
import { sendChatMessage, useChat, webinarsKeys } from '../api';
import { appendChatMessage, type ChatData, chatMessages } from './cache';

/** How close to an edge (px) counts as being at it: at the top older messages load, at the bottom new ones keep in view. */
const EDGE = 32;

/**
 * `send`: the input is there; `closed`: the input is replaced by `closedText` (a trainee before the
 * start); `readonly`: the list alone (the admin view, a finished webinar).
 */
export type ChatMode = 'send' | 'closed' | 'readonly';

function Message({ message, own }: { message: ChatMessage; own: boolean }) {
  const { t } = useTranslation('rooms');
  const staff = message.RoleID !== Role.Trainee;
  const classes = ['oqu-chat-msg', own ? 'oqu-chat-own' : '', staff ? 'oqu-chat-staff' : ''].filter(Boolean).join(' ');
  return (
    <li className={classes} data-testid={`room-chat-message-${message.ID}`}>
      <div className="oqu-chat-meta">
        <span className="oqu-chat-author">{own ? t('chat.you') : message.UserName}</span>
        {staff && !own && (
          <Tag color="geekblue" className="oqu-chat-role">
            {message.RoleID === Role.Admin ? t('chat.admin') : t('chat.teacher')}
          </Tag>
        )}
        <time className="oqu-chat-time" dateTime={message.CreatedAt} title={formatDateTime(message.CreatedAt)}>
          {formatTime(message.CreatedAt)}
        </time>
      </div>
      <div className="oqu-chat-text">{message.Message}</div>
    </li>
  );
}

/**
 * The room's chat (learner-and-instructor.md §2 Webinar room, §5, §8; admin-back-office.md §4): opens
 * on page 1 scrolled to the newest; scrolling to the top (or the "earlier" button) loads the next
 * older page and keeps the reading position; new messages scroll into view when the reader is at the
 * bottom. Enter sends, Shift+Enter starts a new line; nothing empty is sent; the input waits while
 * a message is on its way.
 */
export function RoomChat({ webinarId, mode, closedText }: { webinarId: number; mode: ChatMode; closedText?: string }) {
  const { t } = useTranslation('rooms');
  const session = useSession();
  const client = useQueryClient();
  const chat = useChat(webinarId);
  const messages = useMemo(() => chatMessages(chat.data), [chat.data]);
  const titleId = useId();
  const hintId = useId();

  const list = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  /** the scroll height and position before an older page was asked for */
  const keep = useRef<{ height: number; top: number } | null>(null);
  const edges = useRef<{ oldest?: number; newest?: number }>({});

  const oldest = messages[0]?.ID;
  const newest = messages[messages.length - 1]?.ID;
  useLayoutEffect(() => {
    const box = list.current;
    if (!box) return;
    const before = edges.current;
    edges.current = { oldest, newest };
    if (keep.current && oldest !== before.oldest) {
      // older messages went in above: stay on the message that was in view
      box.scrollTop = box.scrollHeight - keep.current.height + keep.current.top;
      keep.current = null;
    } else if (newest !== before.newest && atBottom.current) {
      box.scrollTop = box.scrollHeight;
    }
  }, [oldest, newest]);

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = chat;
  function loadOlder() {
    const box = list.current;
    if (!box || !hasNextPage || isFetchingNextPage) return;
    keep.current = { height: box.scrollHeight, top: box.scrollTop };
    void fetchNextPage();
  }

  function onScroll() {
    const box = list.current;
    if (!box) return;
    atBottom.current = box.scrollHeight - box.scrollTop - box.clientHeight < EDGE;
    if (box.scrollTop < EDGE) loadOlder();
  }

  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<GetRef<typeof Input.TextArea>>(null);
  const wasSending = useRef(false);
  useEffect(() => {
    // the input was disabled while sending, which took the focus away: give it back
    if (wasSending.current && !sending) input.current?.focus();
    wasSending.current = sending;
  }, [sending]);

  async function send() {
    const message = text.trim();
    if (!message || sending) return;
    setSending(true);
    setError(null);
    try {
      const answer = await sendChatMessage(webinarId, message);
      atBottom.current = true;
      client.setQueryData<ChatData>(webinarsKeys.chat(webinarId), (old) => appendChatMessage(old, answer.data));
      setText('');
    } catch (failure) {
      setError(errorMessage(failure, t('chat.sendError')));
    } finally {
      setSending(false);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void send();
  }

  const myId = session?.ID;
  let body: React.ReactNode;
  if (chat.isError && !chat.data) {
    body = <LoadError error={chat.error} onRetry={() => void chat.refetch()} />;
  } else if (!chat.data) {
    body = (
      <div role="status" aria-busy="true" className="oqu-chat-loading">
        <span className="oqu-visually-hidden">{t('chat.loading')}</span>
        <Skeleton active title={false} paragraph={{ rows: 4 }} />
      </div>
    );
  } else {
    body = (
      <div
        ref={list}
        className="oqu-chat-list"
        role="log"
        aria-labelledby={titleId}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to be scrolled
        tabIndex={0}
        onScroll={onScroll}
        data-testid="room-chat-list"
        data-count={messages.length}
      >
        {hasNextPage && (
          <div className="oqu-chat-older">
            <Button size="small" type="link" onClick={loadOlder} loading={isFetchingNextPage} data-testid="room-chat-older">
              {t('chat.older')}
            </Button>
          </div>
        )}
        {messages.length === 0 ? (
          <p className="oqu-chat-empty" data-testid="room-chat-empty">
            {t('chat.empty')}
          </p>
        ) : (
          <ol className="oqu-chat-messages">
            {messages.map((message) => (
              <Message key={message.ID} message={message} own={myId !== undefined && message.UserID === myId} />
            ))}
          </ol>
        )}
        {chat.isFetching && !isFetchingNextPage && messages.length === 0 && <Spin size="small" />}
      </div>
    );
  }

  return (
    <section className="oqu-room-card oqu-chat" aria-labelledby={titleId}>
      <Typography.Title level={2} className="oqu-room-card-title" id={titleId}>
        {t('chat.title')}
      </Typography.Title>
      {body}
      {mode === 'send' && (
        <div className="oqu-chat-compose">
          <div className="oqu-chat-row">
            <Input.TextArea
              ref={input}
              className="oqu-chat-input"
              value={text}
              onChange={(event) => setText(event.target.value)}
              onKeyDown={onKeyDown}
              // one to two lines: 32 to 54 px, within the spec's 32–64 px (learner-and-instructor.md §2 Webinar room)
              autoSize={{ minRows: 1, maxRows: 2 }}
              maxLength={CHAT_MESSAGE_MAX}
              disabled={sending}
              placeholder={t('chat.placeholder')}
              aria-label={t('chat.input')}
              aria-describedby={hintId}
              data-testid="room-chat-input"
            />
            <Button
              type="primary"
              icon={<SendOutlined aria-hidden />}
              onClick={() => void send()}
              loading={sending}
              disabled={!text.trim()}
              aria-label={t('chat.send')}
              title={t('chat.send')}
              data-testid="room-chat-send"
            />
          </div>
          <div id={hintId} className="oqu-chat-hint">
            {t('chat.hint')}
          </div>
          {error && (
            <Typography.Text type="danger" role="alert" className="oqu-chat-error" data-testid="room-chat-error">
              {error}
            </Typography.Text>
          )}
        </div>
      )}
      {mode === 'closed' && closedText && <p className="oqu-chat-closed">{closedText}</p>}
    </section>
  );
}
