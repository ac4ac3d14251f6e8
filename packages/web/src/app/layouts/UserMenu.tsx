import { DownOutlined, LockOutlined, UserOutlined } from '@ant-design/icons';
import { Role } from '@oqu/contracts';
import { Avatar, Button, Dropdown } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChangePasswordModal } from '../../features/auth/ChangePasswordModal';
import { useSession } from '../../lib/session';

/** The signed-in user's name (the word 'admin' for role 1) with a menu: change password. */
export function UserMenu() {
  const { t } = useTranslation();
  const session = useSession();
  const [passwordOpen, setPasswordOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  if (!session) return null;

  const name = session.RoleID === Role.Admin ? t('header.adminName') : session.Fullname;
  const photo = session.Image[0];

  return (
    <>
      <Dropdown
        trigger={['click']}
        autoFocus
        // closed from inside (Escape): the focus goes back to the button, or it would be lost with the menu
        onOpenChange={(open) => {
          if (!open && document.activeElement?.closest('.ant-dropdown')) trigger.current?.focus();
        }}
        menu={{
          items: [{ key: 'password', icon: <LockOutlined />, label: t('password.title') }],
          onClick: ({ key, domEvent }) => {
            // Enter on the item must not go on to "click" the dialog's first button once it has focus.
            domEvent.preventDefault();
            if (key === 'password') setPasswordOpen(true);
          },
        }}
      >
        <Button ref={trigger} type="text" className="oqu-user-button" title={t('header.userMenu')}>
          <Avatar size={28} src={photo || undefined} icon={<UserOutlined />} alt="" />
          <span className="oqu-user-name" data-testid="user-name">
            {name}
          </span>
          <DownOutlined className="oqu-user-caret" />
        </Button>
      </Dropdown>
      <ChangePasswordModal open={passwordOpen} onClose={() => setPasswordOpen(false)} />
    </>
  );
}
