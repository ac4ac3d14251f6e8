import { PaperClipOutlined } from '@ant-design/icons';
import type { Problem } from '@oqu/contracts';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../i18n';
import { formatSize } from '../../../lib/sizes';
import { useWebinarFormat } from './format';
import { isOwnMessage, threadMessages } from './status';
import './lists.css';

/**
 * A question thread (learner-and-instructor.md §4 question thread): the question, then the answers,
 * oldest first. For the trainee, messages by a trainee (RoleID 3) are their own (on the right) and the
 * rest the instructor's; for staff the other way round. Files are links that download with their name.
 * The newest message is scrolled into view when one arrives.
 */
export function Conversation({ problem, viewer }: { problem: Problem; viewer: 'learner' | 'staff' }) {
  const { t } = useTranslation('webinars');
  const format = useWebinarFormat();
  const units = { kb: t('common:units.kb'), mb: t('common:units.mb') };
  const messages = threadMessages(problem);
  const list = useRef<HTMLOListElement>(null);
  const count = messages.length;

  useEffect(() => {
    const element = list.current;
    if (element && count > 0) element.scrollTop = element.scrollHeight;
  }, [count]);

  return (
    // a scrolled region must be reachable by keyboard to be read
    // biome-ignore lint/a11y/noNoninteractiveTabindex: the scrolling list has to take focus to scroll by keys
    <ol className="oqu-thread" ref={list} aria-label={t('thread.conversation')} tabIndex={0} data-testid="thread-messages">
      {messages.map((message) => {
        const own = isOwnMessage(message.author.RoleID, viewer);
        return (
          <li
            key={message.key}
            className={own ? 'oqu-thread-message oqu-thread-own' : 'oqu-thread-message'}
            data-testid={message.answerId === null ? 'thread-question' : `thread-answer-${message.answerId}`}
          >
            <div className="oqu-thread-bubble">
              <div className="oqu-thread-author">
                <span>
                  {own ? t('thread.you') : message.author.Fullname || t(viewer === 'learner' ? 'thread.teacher' : 'thread.trainee')}
                </span>
                <time dateTime={message.createdAt}>{format.dateTime(message.createdAt)}</time>
              </div>
              <p className="oqu-thread-text">{message.text}</p>
              {message.documents.length > 0 && (
                <ul className="oqu-thread-files" aria-label={t('thread.files')}>
                  {message.documents.map((document) => (
                    <li key={document.ID}>
                      <a href={document.Path} download={document.Name} data-testid={`thread-file-link-${document.ID}`}>
                        <PaperClipOutlined aria-hidden /> {document.Name}
                      </a>{' '}
                      <span className="oqu-thread-file-size">{formatSize(document.Size, units, currentLanguage())}</span>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
