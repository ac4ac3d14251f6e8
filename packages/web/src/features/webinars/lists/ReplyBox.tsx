import { PaperClipOutlined, SendOutlined } from '@ant-design/icons';
import { PROBLEM_TEXT_MAX } from '@oqu/contracts';
import { Button, Flex, Input, Progress, Typography, Upload } from 'antd';
import { type KeyboardEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChosenFile } from '../../../components/ChosenFile';
import { errorMessage } from '../../../lib/api';
import { checkAnswerFile, DOCUMENT_ACCEPT } from './form';

/** What sending a reply did: the file may fail after the text was stored. */
export type SendOutcome = { fileError?: string } | undefined;

interface ReplyBoxProps {
  /** sends the text (and the file); throws when the text was refused */
  onSend: (text: string, file: File | null, onProgress: (percent: number) => void) => Promise<SendOutcome>;
  /** a file may go with the reply (the teacher's answer) */
  withFile?: boolean;
  label: string;
  placeholder?: string;
}

/**
 * The reply box of a question thread (§4, §5): not sent while empty, disabled while sending, cleared
 * after it was sent (the conversation then reloads). Ctrl+Enter sends. An optional file (up to
 * 10 MB) goes after the text with a progress bar; if only the file fails, the text stays sent and
 * the file stays chosen to be sent with the next reply.
 */
export function ReplyBox({ onSend, withFile = false, label, placeholder }: ReplyBoxProps) {
  const { t } = useTranslation('webinars');
  const inputId = useId();
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [sending, setSending] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const empty = text.trim() === '';

  async function send() {
    if (empty || sending) return;
    setSending(true);
    setError(null);
    try {
      const outcome = await onSend(text.trim(), file, (percent) => setProgress(percent));
      setText('');
      if (outcome?.fileError) setError(t('thread.fileFailed', { message: outcome.fileError }));
      else setFile(null);
    } catch (failure) {
      setError(errorMessage(failure, t('common:errors.network')));
    } finally {
      setSending(false);
      setProgress(null);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void send();
    }
  }

  function choose(chosen: File) {
    const problem = checkAnswerFile(chosen);
    if (problem) setError(`${chosen.name}: ${t(`thread.fileProblem.${problem}`)}`);
    else {
      setError(null);
      setFile(chosen);
    }
    return Upload.LIST_IGNORE;
  }

  return (
    <form
      className="oqu-reply"
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <label htmlFor={inputId} className="oqu-visually-hidden">
        {label}
      </label>
      <Input.TextArea
        id={inputId}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        disabled={sending}
        placeholder={placeholder ?? label}
        maxLength={PROBLEM_TEXT_MAX}
        autoSize={{ minRows: 2, maxRows: 8 }}
        data-testid="thread-reply"
      />
      <Flex gap={8} wrap align="center" justify="space-between">
        <Flex gap={8} wrap align="center">
          {withFile && (
            <Upload
              accept={DOCUMENT_ACCEPT}
              maxCount={1}
              showUploadList={false}
              beforeUpload={choose}
              disabled={sending}
              data-testid="thread-file"
            >
              <Button icon={<PaperClipOutlined aria-hidden />} disabled={sending}>
                {file ? t('thread.fileReplace') : t('thread.fileChoose')}
              </Button>
            </Upload>
          )}
          {file && (
            <ChosenFile
              file={file}
              removeLabel={t('thread.fileRemove', { name: file.name })}
              onRemove={() => setFile(null)}
              disabled={sending}
              testId="thread-chosen-file"
              maxWidth={240}
            />
          )}
        </Flex>
        <Button
          type="primary"
          htmlType="submit"
          icon={<SendOutlined aria-hidden />}
          loading={sending}
          disabled={empty}
          data-testid="thread-send"
        >
          {t('thread.send')}
        </Button>
      </Flex>
      {progress !== null && file && <Progress percent={progress} size="small" aria-label={t('thread.fileProgress')} />}
      {error && (
        <Typography.Text type="danger" role="alert">
          {error}
        </Typography.Text>
      )}
      <Typography.Text type="secondary" className="oqu-reply-hint">
        {t('thread.sendHint')}
      </Typography.Text>
    </form>
  );
}
