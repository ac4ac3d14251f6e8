import { AppstoreOutlined, DownloadOutlined, DownOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Dropdown } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/api';
import { useIsNarrow } from '../../lib/media';
import { downloadScorm, fetchTopicScorms } from './api';

/**
 * A topic's SCORM buttons on the themes page (admin-back-office.md §2: export and import): import
 * opens the upload dialog for this topic; export saves the topic's package as it was uploaded, or says
 * that the topic has none.
 */
export function TopicScormMenu({ topic, onImport }: { topic: { ID: number; Name: string }; onImport: () => void }) {
  const { t } = useTranslation('scorm');
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  // on a phone its icon alone, as the rows' other actions (its name stays for screen readers)
  const narrow = useIsNarrow();

  async function exportPackage() {
    setBusy(true);
    try {
      const packages = (await fetchTopicScorms(topic.ID)).filter((scorm) => scorm.TopicID === topic.ID && scorm.Document);
      const latest = packages[0];
      if (!latest) {
        message.info(t('export.none', { topic: topic.Name }));
        return;
      }
      const name = await downloadScorm(latest);
      message.success(t('export.done', { name }));
    } catch (failure) {
      message.error(errorMessage(failure, t('common:errors.network')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: 'import', icon: <UploadOutlined aria-hidden />, label: t('import.action') },
          { key: 'export', icon: <DownloadOutlined aria-hidden />, label: t('export.action') },
        ],
        onClick: ({ key }) => (key === 'import' ? onImport() : void exportPackage()),
      }}
    >
      <Button
        size="small"
        loading={busy}
        icon={narrow ? <AppstoreOutlined aria-hidden /> : undefined}
        aria-label={t('topicMenu.of', { name: topic.Name })}
        title={narrow ? t('topicMenu.of', { name: topic.Name }) : undefined}
        data-testid={`topic-scorm-${topic.ID}`}
      >
        {narrow ? null : (
          <>
            SCORM <DownOutlined aria-hidden />
          </>
        )}
      </Button>
    </Dropdown>
  );
}
