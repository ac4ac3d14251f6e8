import { DeleteOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { Role, type Webinar } from '@oqu/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Modal, Spin } from 'antd';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmPopover } from '../../../components/ConfirmPopover';
import { errorMessage } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import { webinarsKeys } from '../api';
import { removeRecording } from './api';
import { StreamPlayer } from './StreamPlayer';

/**
 * «Запись» for a finished webinar whose broadcast was kept: the recording in a dialog, with seeking;
 * an administrator may delete it there. Nothing when there is no recording.
 */
export function RecordingButton({ webinar }: { webinar: Webinar }) {
  const { t } = useTranslation('webinars');
  const [open, setOpen] = useState(false);
  if (!webinar.HasRecording) return null;
  const name = webinar.Webinarname;
  return (
    <>
      <Button
        icon={<PlayCircleOutlined aria-hidden />}
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        aria-label={t('recording.openOf', { name })}
        data-testid={`recording-open-${webinar.ID}`}
      >
        {t('recording.open')}
      </Button>
      <Modal
        open={open}
        title={t('recording.title', { name })}
        width={900}
        destroyOnHidden
        onCancel={() => setOpen(false)}
        footer={
          <div className="oqu-recording-footer">
            <DeleteRecording webinar={webinar} onDeleted={() => setOpen(false)} />
            <Button onClick={() => setOpen(false)}>{t('common:actions.close')}</Button>
          </div>
        }
      >
        <div data-testid="recording-modal">
          <Suspense fallback={<Spin />}>
            <StreamPlayer webinarId={webinar.ID} kind="recording" autoPlay />
          </Suspense>
        </div>
      </Modal>
    </>
  );
}

/** «Удалить запись», after a confirmation that says it cannot be undone: an administrator's only (nothing for others). */
export function DeleteRecording({ webinar, onDeleted }: { webinar: Webinar; onDeleted?: () => void }) {
  const { t } = useTranslation('webinars');
  const admin = useSession()?.RoleID === Role.Admin;
  const { message: toast } = App.useApp();
  const client = useQueryClient();
  const name = webinar.Webinarname;

  async function remove() {
    try {
      await removeRecording(webinar.ID);
      toast.success(t('recording.deleted', { name }));
      onDeleted?.();
      void client.invalidateQueries({ queryKey: webinarsKeys.all });
    } catch (error) {
      toast.error(errorMessage(error, t('recording.deleteError')));
    }
  }

  if (!admin) return null;
  return (
    <ConfirmPopover
      title={t('recording.deleteConfirm', { name })}
      description={t('recording.deleteHint')}
      okText={t('recording.delete')}
      okButtonProps={{ danger: true }}
      cancelText={t('common:actions.cancel')}
      onConfirm={remove}
    >
      <Button danger icon={<DeleteOutlined aria-hidden />} data-testid="recording-delete">
        {t('recording.delete')}
      </Button>
    </ConfirmPopover>
  );
}
