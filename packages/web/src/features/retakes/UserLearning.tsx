import { PlusOutlined } from '@ant-design/icons';
import type { User } from '@oqu/contracts';
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/ButtonLink';
import { LoadError } from '../../components/LoadError';
import { useUserRecord } from './api';
import { UserJournal } from './UserJournal';
import { UserRetakes } from './UserRetakes';

/** Where a new retake for this person starts: the form with their personnel number filled in. */
export const assignRetakePath = (tabel: string) => `/admin/create-retake${tabel ? `?${new URLSearchParams({ tabel })}` : ''}`;

/**
 * The trainee's part of the /admin/users details (admin-back-office.md §2 Users): the gradebook
 * journal and the assigned retakes with cancel, from GET /api/user/getuser/{id}.
 */
export function UserLearning({ user, canAssign = true }: { user: User; canAssign?: boolean }) {
  const { t } = useTranslation('retakes');
  const record = useUserRecord(user.ID);
  const journalId = `user-${user.ID}-journal`;
  const retakesId = `user-${user.ID}-retakes`;
  const tabel = user.Tabel || user.IDNumber;
  const loading = record.isPending && record.fetchStatus !== 'idle';

  return (
    <Flex vertical gap={16}>
      {record.isError && <LoadError error={record.error} onRetry={() => record.refetch()} />}
      <section aria-labelledby={journalId} data-testid={`user-journal-${user.ID}`}>
        <Typography.Title level={2} id={journalId} style={{ fontSize: 16, marginTop: 0 }}>
          {t('journal.title')}
        </Typography.Title>
        <UserJournal entries={record.data?.Journal ?? []} loading={loading} noPlan={!user.PlanID} />
      </section>
      <section aria-labelledby={retakesId} data-testid={`user-retakes-${user.ID}`}>
        <Flex justify="space-between" align="center" gap={8} wrap style={{ marginBottom: 8 }}>
          <Typography.Title level={2} id={retakesId} style={{ fontSize: 16, margin: 0 }}>
            {t('userRetakes.title')}
          </Typography.Title>
          {canAssign && tabel && (
            <ButtonLink to={assignRetakePath(tabel)} size="small" icon={<PlusOutlined aria-hidden />}>
              {t('userRetakes.assign')}
            </ButtonLink>
          )}
        </Flex>
        <UserRetakes retakes={record.data?.Retake ?? []} loading={loading} />
      </section>
    </Flex>
  );
}
