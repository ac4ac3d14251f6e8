import { SendOutlined } from '@ant-design/icons';
import { PROBLEM_TEXT_MAX } from '@oqu/contracts';
import { Button, Flex, Input, Typography } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/api';
import { askQuestion, useWebinarMutation } from '../api';

/**
 * The question about a webinar (learner-and-instructor.md §2 chat-webinar, §5): one text area
 * addressed to the teacher; not sent while empty, disabled while sending; `onAsked` follows.
 */
export function AskForm({ webinarId, onAsked }: { webinarId: number; onAsked: (threadId: number) => void }) {
  const { t } = useTranslation('webinars');
  const inputId = useId();
  const hintId = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const ask = useWebinarMutation((question: string) => askQuestion(webinarId, question));
  const empty = text.trim() === '';

  async function send() {
    if (empty || ask.isPending) return;
    setError(null);
    try {
      const answer = await ask.mutateAsync(text.trim());
      setText('');
      onAsked(answer.AnswerID ?? answer.data.ID);
    } catch (failure) {
      setError(errorMessage(failure, t('common:errors.network')));
    }
  }

  return (
    <form
      className="oqu-ask"
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <Typography.Title level={2} className="oqu-ask-title">
        <label htmlFor={inputId}>{t('ask.label')}</label>
      </Typography.Title>
      <Typography.Paragraph type="secondary" id={hintId}>
        {t('ask.hint')}
      </Typography.Paragraph>
      <Input.TextArea
        id={inputId}
        aria-describedby={hintId}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            void send();
          }
        }}
        disabled={ask.isPending}
        placeholder={t('ask.placeholder')}
        maxLength={PROBLEM_TEXT_MAX}
        showCount
        autoSize={{ minRows: 4, maxRows: 12 }}
        data-testid="ask-text"
      />
      <Flex gap={8} align="center" wrap style={{ marginTop: 12 }}>
        <Button
          type="primary"
          htmlType="submit"
          icon={<SendOutlined aria-hidden />}
          loading={ask.isPending}
          disabled={empty}
          data-testid="ask-send"
        >
          {t('ask.send')}
        </Button>
        <Typography.Text type="secondary">{t('thread.sendHint')}</Typography.Text>
      </Flex>
      {error && (
        <Typography.Text type="danger" role="alert" style={{ display: 'block', marginTop: 8 }}>
          {error}
        </Typography.Text>
      )}
    </form>
  );
}
