import { LogoutOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLogout } from './api';

/** POST /api/user/logout, then the stored user is cleared (even if the call failed) and we go to '/'. */
export function LogoutButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logout = useLogout();
  return (
    <Button
      data-testid="logout"
      aria-label={t('header.logout')}
      title={t('header.logout')}
      icon={<LogoutOutlined />}
      loading={logout.isPending}
      onClick={() => logout.mutate(undefined, { onSettled: () => navigate('/', { replace: true }) })}
    >
      <span className="oqu-hide-narrow">{t('header.logout')}</span>
    </Button>
  );
}
