import { DeleteOutlined, KeyOutlined, LockOutlined, UnlockOutlined } from '@ant-design/icons';
import { Role, type User } from '@oqu/contracts';
import { App, Button, Descriptions, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmPopover } from '../../../components/ConfirmPopover';
import { UserPlanPicker } from '../../../features/catalogue/UserPlanPicker';
import { UserLearning } from '../../../features/retakes/UserLearning';
import { useDeleteUser, useUpdateUser } from '../../../features/users/api';
import { displayName } from '../../../features/users/format';
import { UserPhotos } from '../../../features/users/UserPhotos';
import { UserRegionPicker } from '../../../features/users/UserRegionPicker';
import { errorMessage } from '../../../lib/api';
import { formatDate } from '../../../lib/dates';
import { ChangePasswordModal } from './ChangePasswordModal';

/**
 * Expanded row of /admin/users: login, registration date, the plan and the region of a trainee
 * (attach, change, detach), photos (upload, delete), block or unblock, change password, delete;
 * for a trainee also the gradebook journal and the assigned retakes (cancel).
 */
export function UserDetails({ user }: { user: User }) {
  const { t } = useTranslation('people');
  const { message: toast } = App.useApp();
  const update = useUpdateUser();
  const remove = useDeleteUser();
  const [passwordOpen, setPasswordOpen] = useState(false);
  const name = displayName(user);

  async function toggleBlock() {
    const IsBlocked = !user.IsBlocked;
    try {
      const answer = await update.mutateAsync({ id: user.ID, body: { IsBlocked } });
      toast.success(answer.message || t(IsBlocked ? 'details.blockedDone' : 'details.unblockedDone'));
    } catch (failure) {
      toast.error(errorMessage(failure, t('common:errors.network')));
    }
  }

  async function drop() {
    try {
      const answer = await remove.mutateAsync(user.ID);
      const text = answer.message || t(answer.archived ? 'list.archived' : 'list.deleted');
      if (answer.archived) toast.info(text);
      else toast.success(text);
    } catch (failure) {
      toast.error(errorMessage(failure, t('common:errors.network')));
    }
  }

  const photosId = `user-${user.ID}-photos`;
  return (
    <Flex vertical gap={16} data-testid={`user-details-${user.ID}`} style={{ padding: '4px 8px' }}>
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, lg: 3 }}
        items={[
          { key: 'login', label: t('fields.login'), children: user.Username || user.Login || '—' },
          { key: 'date', label: t('details.registered'), children: formatDate(user.Date) || '—' },
          { key: 'iin', label: t('fields.iin'), children: user.IIN || '—' },
        ]}
      />
      {user.RoleID === Role.Trainee && <UserPlanPicker user={user} />}
      {user.RoleID === Role.Trainee && <UserRegionPicker user={user} />}
      <div>
        <Typography.Text strong style={{ display: 'block', marginBottom: 8 }}>
          <label htmlFor={photosId}>{t('photos.label')}</label>
        </Typography.Text>
        <UserPhotos user={user} inputId={photosId} />
      </div>
      <Flex gap={8} wrap>
        <ConfirmPopover
          title={t(user.IsBlocked ? 'details.confirmUnblock' : 'details.confirmBlock', { name })}
          okText={t(user.IsBlocked ? 'actions.unblock' : 'actions.block')}
          cancelText={t('common:actions.cancel')}
          onConfirm={toggleBlock}
        >
          <Button icon={user.IsBlocked ? <UnlockOutlined aria-hidden /> : <LockOutlined aria-hidden />} loading={update.isPending}>
            {t(user.IsBlocked ? 'actions.unblock' : 'actions.block')}
          </Button>
        </ConfirmPopover>
        <Button icon={<KeyOutlined aria-hidden />} onClick={() => setPasswordOpen(true)}>
          {t('actions.changePassword')}
        </Button>
        <ConfirmPopover
          title={t('list.confirmDelete', { name })}
          description={t('list.confirmDeleteHint')}
          okText={t('common:actions.delete')}
          cancelText={t('common:actions.cancel')}
          okButtonProps={{ danger: true }}
          onConfirm={drop}
        >
          <Button danger icon={<DeleteOutlined aria-hidden />} loading={remove.isPending}>
            {t('common:actions.delete')}
          </Button>
        </ConfirmPopover>
      </Flex>
      {user.RoleID === Role.Trainee && <UserLearning user={user} />}
      <ChangePasswordModal user={user} open={passwordOpen} onClose={() => setPasswordOpen(false)} />
    </Flex>
  );
}
