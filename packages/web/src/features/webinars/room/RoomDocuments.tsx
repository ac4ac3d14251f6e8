import { DownloadOutlined, FileOutlined, UploadOutlined } from '@ant-design/icons';
import type { WebinarDetails, WebinarDocument } from '@oqu/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Progress, Typography } from 'antd';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteAction } from '../../../components/DeleteAction';
import { errorMessage } from '../../../lib/api';
import { formatDateTime } from '../../../lib/dates';
import { downloadWithToken } from '../../../lib/download';
import { formatSize } from '../../../lib/sizes';
import { deleteDocument, uploadWebinarDocument, webinarsKeys } from '../api';
import { checkDocument, DOCUMENT_ACCEPT } from './documents';

function DocumentRow({ doc, manage, onDeleted }: { doc: WebinarDocument; manage: boolean; onDeleted: (id: number) => void }) {
  const { t, i18n } = useTranslation('rooms');
  const { message: toast } = App.useApp();
  const [busy, setBusy] = useState(false);

  async function download() {
    setBusy(true);
    try {
      // the stored file has a generated name: it is saved under the document's own
      await downloadWithToken(doc.Path, () => doc.Name);
    } catch (failure) {
      toast.error(errorMessage(failure, t('docs.downloadError')));
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    try {
      await deleteDocument(doc.ID);
      onDeleted(doc.ID);
      toast.success(t('docs.deleted', { name: doc.Name }));
    } catch (failure) {
      toast.error(errorMessage(failure, t('docs.deleteError')));
    }
  }

  return (
    <li className="oqu-doc" data-testid={`room-doc-${doc.ID}`}>
      <FileOutlined className="oqu-doc-icon" aria-hidden />
      <div className="oqu-doc-body">
        <Button
          type="link"
          className="oqu-doc-name"
          onClick={() => void download()}
          loading={busy}
          icon={<DownloadOutlined aria-hidden />}
          aria-label={t('docs.download', { name: doc.Name })}
          data-testid={`room-doc-download-${doc.ID}`}
        >
          {doc.Name}
        </Button>
        <span className="oqu-doc-facts">
          {formatSize(doc.Size, { kb: t('docs.kb'), mb: t('docs.mb') }, i18n.language)} · {formatDateTime(doc.CreatedAt)}
        </span>
      </div>
      {manage && (
        <DeleteAction
          title={t('docs.deleteConfirm', { name: doc.Name })}
          label={t('docs.deleteLabel', { name: doc.Name })}
          onConfirm={remove}
        />
      )}
    </li>
  );
}

/**
 * The room's documents with download (learner-and-instructor.md §2, §9: size in kb below 1000 kB,
 * else mb). `manage` (the teacher's room) adds the upload, at most 10 MB, with its progress, and a
 * delete that asks first (admin-back-office.md §2 start-webinar).
 */
export function RoomDocuments({ webinar, manage = false }: { webinar: WebinarDetails; manage?: boolean }) {
  const { t } = useTranslation('rooms');
  const { message: toast } = App.useApp();
  const client = useQueryClient();
  const titleId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const setDocs = (update: (docs: WebinarDocument[]) => WebinarDocument[]) =>
    client.setQueryData<WebinarDetails>(webinarsKeys.one(webinar.ID), (old) => (old ? { ...old, Docs: update(old.Docs) } : old));

  async function onPick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // the same file may be chosen again after a refusal
    event.target.value = '';
    if (!file) return;
    const refusal = checkDocument(file);
    if (refusal) {
      setProblem(t(refusal === 'size' ? 'docs.tooLarge' : 'docs.emptyFile'));
      return;
    }
    setProblem(null);
    setProgress(0);
    try {
      const answer = await uploadWebinarDocument(webinar.ID, file, setProgress);
      setDocs(() => answer.docs);
      toast.success(t('docs.uploaded', { name: file.name }));
    } catch (failure) {
      setProblem(errorMessage(failure, t('docs.uploadError')));
    } finally {
      setProgress(null);
    }
  }

  const docs = webinar.Docs;
  return (
    <section className="oqu-room-card oqu-docs" aria-labelledby={titleId} data-testid="room-docs" data-count={docs.length}>
      <div className="oqu-room-card-head">
        <Typography.Title level={2} className="oqu-room-card-title" id={titleId}>
          {t('docs.title')}
        </Typography.Title>
        {manage && (
          <>
            <input
              ref={input}
              type="file"
              accept={DOCUMENT_ACCEPT}
              className="oqu-visually-hidden"
              tabIndex={-1}
              aria-hidden="true"
              onChange={(event) => void onPick(event)}
              data-testid="room-doc-upload"
            />
            <Button
              icon={<UploadOutlined aria-hidden />}
              onClick={() => input.current?.click()}
              loading={progress !== null}
              data-testid="room-doc-upload-button"
            >
              {t('docs.upload')}
            </Button>
          </>
        )}
      </div>
      {manage && <p className="oqu-docs-limit">{t('docs.limit')}</p>}
      {progress !== null && <Progress percent={progress} size="small" aria-label={t('docs.uploading')} data-testid="room-doc-progress" />}
      {problem && (
        <Typography.Paragraph type="danger" role="alert" className="oqu-docs-problem" data-testid="room-doc-error">
          {problem}
        </Typography.Paragraph>
      )}
      {docs.length === 0 ? (
        <p className="oqu-docs-empty">{t('docs.empty')}</p>
      ) : (
        <ul className="oqu-doc-list">
          {docs.map((doc) => (
            <DocumentRow key={doc.ID} doc={doc} manage={manage} onDeleted={(id) => setDocs((list) => list.filter((d) => d.ID !== id))} />
          ))}
        </ul>
      )}
    </section>
  );
}
