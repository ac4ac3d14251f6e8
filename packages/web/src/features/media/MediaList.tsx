import {
  CustomerServiceOutlined,
  DownloadOutlined,
  FileOutlined,
  FolderOpenOutlined,
  GlobalOutlined,
  PlayCircleOutlined,
  UpOutlined,
} from '@ant-design/icons';
import { type MediaFile, mediaKindOf } from '@oqu/contracts';
import { App, Button, Card, Flex, List, Pagination, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { LoadError } from '../../components/LoadError';
import { errorMessage } from '../../lib/api';
import { formatDate } from '../../lib/dates';
import { downloadWithToken } from '../../lib/download';
import { useListParams } from '../../lib/useListParams';
import { useLearnerMedia } from './api';
import { downloadName } from './format';
import { MediaPlayer } from './MediaPlayer';
import { useSizeText } from './useSizeText';
import './media.css';

const KIND_ICON = { video: PlayCircleOutlined, audio: CustomerServiceOutlined, document: FileOutlined } as const;

/**
 * The trainee's media files, a page at a time by the page id (GET /get/media?id=): name, kind,
 * size in kb or mb, date; a video or a recording plays in the page, anything else downloads as a
 * blob under its name. A VR video links to the 360° viewer (`vrPath`).
 */
export function MediaList({ vrPath }: { vrPath: string }) {
  const { t } = useTranslation('media');
  const { page, setPage } = useListParams();
  const list = useLearnerMedia(page);
  const [playing, setPlaying] = useState<number | null>(null);

  if (list.isError && !list.data) return <LoadError error={list.error} onRetry={() => list.refetch()} />;
  if (!list.data) return <Skeleton active />;
  if (list.data.data.length === 0 && page === 1)
    return <EmptyState icon={FolderOpenOutlined} title={t('learner.empty')} text={t('learner.emptyText')} level={2} testId="media-empty" />;
  return (
    <Flex vertical gap={16}>
      <List
        className="oqu-media-list"
        dataSource={list.data.data}
        loading={list.isFetching}
        renderItem={(file) => (
          <MediaItem
            key={file.ID}
            file={file}
            vrPath={vrPath}
            playing={playing === file.ID}
            onPlay={(on) => setPlaying(on ? file.ID : null)}
          />
        )}
      />
      {list.data.pages > 1 && (
        <nav aria-label={t('learner.pagination')}>
          <Pagination
            current={page}
            total={list.data.total}
            pageSize={Math.max(1, Math.ceil(list.data.total / list.data.pages))}
            showSizeChanger={false}
            simple
            onChange={(next) => {
              setPlaying(null);
              setPage(next);
            }}
          />
        </nav>
      )}
    </Flex>
  );
}

function MediaItem({
  file,
  vrPath,
  playing,
  onPlay,
}: {
  file: MediaFile;
  vrPath: string;
  playing: boolean;
  onPlay: (on: boolean) => void;
}) {
  const { t } = useTranslation('media');
  const { message } = App.useApp();
  const sizeText = useSizeText();
  const [downloading, setDownloading] = useState(false);
  const kind = mediaKindOf(file.Type);
  const Icon = KIND_ICON[kind];
  const plays = kind !== 'document';

  async function download() {
    setDownloading(true);
    try {
      const name = await downloadWithToken(file.Path, () => downloadName(file.Name, file.Path));
      message.success(t('learner.downloaded', { name }));
    } catch (failure) {
      message.error(errorMessage(failure, t('player.fallback')));
    } finally {
      setDownloading(false);
    }
  }

  return (
    <List.Item data-testid={`media-item-${file.ID}`} className="oqu-media-item">
      <Card className="oqu-card" size="small" style={{ width: '100%' }}>
        <Flex vertical gap={8}>
          <Flex gap={12} align="flex-start" wrap>
            <Icon aria-hidden style={{ fontSize: 24, marginTop: 4 }} />
            <Flex vertical gap={2} style={{ flex: '1 1 200px', minWidth: 0 }}>
              <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>
                {file.Name}
              </Typography.Text>
              <Typography.Text type="secondary">
                {t(`learner.kinds.${kind}`)} · {sizeText(file.Size)} · {formatDate(file.CreatedAt)}
              </Typography.Text>
              {file.VR && (
                <span>
                  <Tag color="purple" icon={<GlobalOutlined aria-hidden />}>
                    VR 360°
                  </Tag>
                </span>
              )}
            </Flex>
            <Flex gap={8} wrap>
              {plays && (
                <Button
                  icon={playing ? <UpOutlined aria-hidden /> : <PlayCircleOutlined aria-hidden />}
                  aria-label={t(playing ? 'learner.hideOf' : kind === 'video' ? 'learner.playOf' : 'learner.listenOf', { name: file.Name })}
                  aria-expanded={playing}
                  onClick={() => onPlay(!playing)}
                >
                  {t(playing ? 'learner.hide' : kind === 'video' ? 'learner.play' : 'learner.listen')}
                </Button>
              )}
              <Button
                icon={<DownloadOutlined aria-hidden />}
                loading={downloading}
                aria-label={t('learner.downloadOf', { name: file.Name })}
                onClick={download}
              >
                {t('learner.download')}
              </Button>
            </Flex>
          </Flex>
          {playing && <MediaPlayer name={file.Name} path={file.Path} type={file.Type} />}
          {file.VR && (
            <Link to={`${vrPath}?id=${file.ID}`}>
              <GlobalOutlined aria-hidden /> {t('learner.vrOpen')}
            </Link>
          )}
        </Flex>
      </Card>
    </List.Item>
  );
}
