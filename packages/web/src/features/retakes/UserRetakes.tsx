import { CloseCircleOutlined } from '@ant-design/icons';
import { App, Button, Empty, Flex, Table, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { type HTMLAttributes, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmPopover } from '../../components/ConfirmPopover';
import { type ListColumn, useTableDetails } from '../../components/tableDetails';
import { ApiError, errorMessage } from '../../lib/api';
import { formatDateTime } from '../../lib/dates';
import { useDeleteRetake } from './api';
import { RetakeStateTag } from './StatusTag';
import type { Retake } from './types';

/** The retakes assigned to one person (admin-back-office.md §2 Users), each cancellable while unused. */
export function UserRetakes({ retakes, loading }: { retakes: Retake[]; loading: boolean }) {
  const { t } = useTranslation('retakes');
  const columns: ListColumn<Retake>[] = [
    {
      title: t('userRetakes.test'),
      key: 'test',
      render: (_, retake) => (
        <Flex vertical gap={2}>
          <span>{retake.Test.Name}</span>
          <Typography.Text type="secondary">{topicLine(t, retake)}</Typography.Text>
        </Flex>
      ),
    },
    { title: t('userRetakes.date'), key: 'date', details: 'narrow', render: (_, retake) => formatDateTime(retake.Date) },
    { title: t('list.state'), key: 'state', details: 'narrow', render: (_, retake) => <RetakeStateTag used={retake.Used} /> },
    {
      title: t('list.actions'),
      key: 'actions',
      render: (_, retake) => (retake.Used ? null : <CancelRetake retake={retake} />),
    },
  ];
  const table = useTableDetails(columns, undefined, (retake) => retake.Test.Name);
  return (
    <Table<Retake>
      size="small"
      {...table}
      rowKey="ID"
      dataSource={retakes}
      loading={loading}
      pagination={false}
      className="oqu-list-table"
      onRow={(retake) => ({ 'data-testid': `user-retake-${retake.ID}` }) as HTMLAttributes<HTMLElement>}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('userRetakes.empty')} /> }}
    />
  );
}

/** "Plan · type, topic N" of a retake, as far as the server gave it. */
export function topicLine(t: TFunction<'retakes'>, retake: Pick<Retake, 'Info'>): string {
  const { Plan, Type, Number: number } = retake.Info ?? {};
  const topic = Type && number ? t('list.topic', { type: Type, number }) : Type || number || '';
  return [Plan, topic].filter(Boolean).join(' · ');
}

function CancelRetake({ retake }: { retake: Retake }) {
  const { t } = useTranslation('retakes');
  const { message: toast } = App.useApp();
  const remove = useDeleteRetake();
  const [busy, setBusy] = useState(false);

  async function cancel() {
    setBusy(true);
    try {
      const answer = await remove.mutateAsync(retake.ID);
      toast.success(answer.message || t('userRetakes.cancelled'));
    } catch (failure) {
      const text = errorMessage(failure, t('common:errors.network'));
      if (failure instanceof ApiError && failure.status === 409) toast.warning(text);
      else toast.error(text);
    } finally {
      setBusy(false);
    }
  }

  const label = t('userRetakes.cancelOf', { test: retake.Test.Name });
  return (
    <ConfirmPopover
      title={t('userRetakes.confirmCancel', { test: retake.Test.Name })}
      description={t('list.confirmDeleteHint')}
      okText={t('userRetakes.cancel')}
      cancelText={t('common:actions.close')}
      okButtonProps={{ danger: true }}
      onConfirm={() => void cancel()}
    >
      <Button size="small" danger icon={<CloseCircleOutlined aria-hidden />} loading={busy} aria-label={label} title={label}>
        {t('userRetakes.cancel')}
      </Button>
    </ConfirmPopover>
  );
}
