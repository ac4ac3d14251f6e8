import type { User } from '@oqu/contracts';
import { App, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/api';
import { useUpdateUser } from './api';
import { NO_REGION, RegionSelect } from './RegionSelect';

/**
 * The region of a trainee in the /admin/users details: choosing one saves it at once
 * (PUT /api/user/updateuser/{id} {RegionID}); "no region" clears it.
 */
export function UserRegionPicker({ user }: { user: Pick<User, 'ID' | 'RegionID' | 'Region'> }) {
  const { t } = useTranslation('people');
  const { message: toast } = App.useApp();
  const update = useUpdateUser();
  const inputId = `user-${user.ID}-region`;

  async function change(value: number, option?: { label?: unknown }) {
    const RegionID = value === NO_REGION ? null : value;
    try {
      const answer = await update.mutateAsync({ id: user.ID, body: { RegionID } });
      const name = typeof option?.label === 'string' ? option.label : '';
      toast.success(answer.message || (RegionID ? t('region.set', { name }) : t('region.cleared')));
    } catch (failure) {
      toast.error(errorMessage(failure, t('common:errors.network')));
    }
  }

  return (
    <Flex vertical gap={4} style={{ maxWidth: 480 }}>
      <Typography.Text strong>
        <label htmlFor={inputId}>{t('fields.region')}</label>
      </Typography.Text>
      <RegionSelect
        id={inputId}
        data-testid={`user-region-${user.ID}`}
        value={user.RegionID ?? NO_REGION}
        current={user.Region}
        loading={update.isPending}
        disabled={update.isPending}
        onChange={(value, option) => void change(value, Array.isArray(option) ? undefined : option)}
      />
      <Typography.Text type="secondary">{t('region.hint')}</Typography.Text>
    </Flex>
  );
}
