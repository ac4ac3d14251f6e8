import { FolderOpenOutlined, GlobalOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Pagination, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { LoadError } from '../../components/LoadError';
import { PageTitle } from '../../components/PageTitle';
import { useLearnerMedia } from '../../features/media/api';
import { PanoramaViewer } from '../../features/media/PanoramaViewer';

/**
 * /user/vr: the VR 360° videos of the media library, one at a time in the 360° viewer
 * (learner-and-instructor.md §2 «VR materials screen with one video»); `?id=` picks the video,
 * the first one otherwise; the others are listed under it.
 */
export default function VrPage() {
  const { t } = useTranslation('media');
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useLearnerMedia(page, true);
  const files = list.data?.data ?? [];
  const chosen = files.find((file) => String(file.ID) === params.get('id')) ?? files[0];
  const choose = (id: number) => setParams((current) => ({ ...Object.fromEntries(current), id: String(id) }));

  let body: ReactNode;
  if (list.isError && !list.data) body = <LoadError error={list.error} onRetry={() => list.refetch()} />;
  else if (!list.data) body = <Skeleton active />;
  else if (!chosen)
    body = (
      <EmptyState
        icon={GlobalOutlined}
        title={t('vr.empty')}
        text={t('vr.emptyText')}
        action={<Link to="/user/media-files">{t('vr.allMedia')}</Link>}
        testId="vr-empty"
      />
    );
  else
    body = (
      <Flex vertical gap={16}>
        <Card className="oqu-card">
          <Flex vertical gap={8}>
            <Typography.Title level={2} style={{ margin: 0, fontSize: 18 }}>
              {chosen.Name}
            </Typography.Title>
            <PanoramaViewer key={chosen.ID} name={chosen.Name} path={chosen.Path} />
          </Flex>
        </Card>
        {(files.length > 1 || list.data.pages > 1) && (
          <Card className="oqu-card">
            <Flex vertical gap={8}>
              <Typography.Title level={2} style={{ margin: 0, fontSize: 16 }}>
                {t('vr.choose')}
              </Typography.Title>
              <Flex gap={8} wrap>
                {files.map((file) => (
                  <Button
                    key={file.ID}
                    type={file.ID === chosen.ID ? 'primary' : 'default'}
                    aria-pressed={file.ID === chosen.ID}
                    onClick={() => choose(file.ID)}
                  >
                    {file.Name}
                  </Button>
                ))}
              </Flex>
              {list.data.pages > 1 && (
                <nav aria-label={t('learner.pagination')}>
                  <Pagination
                    simple
                    current={page}
                    total={list.data.total}
                    pageSize={Math.max(1, Math.ceil(list.data.total / list.data.pages))}
                    showSizeChanger={false}
                    onChange={(next) => setParams({ page: String(next) })}
                  />
                </nav>
              )}
            </Flex>
          </Card>
        )}
      </Flex>
    );

  return (
    <section className="oqu-page">
      <PageTitle
        extra={
          <Link to="/user/media-files">
            <FolderOpenOutlined aria-hidden /> {t('vr.allMedia')}
          </Link>
        }
      >
        {t('vr.title')}
      </PageTitle>
      {body}
    </section>
  );
}
