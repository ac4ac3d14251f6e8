import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Input, Typography } from 'antd';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BrandMark } from '../../components/BrandMark';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { useLogin } from '../../features/auth/api';
import { dismissExpiredNotice, getSession, hasExpiredNotice } from '../../lib/session';
import { usePageTitle } from '../../lib/usePageTitle';

/**
 * Sign-in (learner-and-instructor.md §2): IIN or personnel number and password; Enter in either
 * field submits; an empty field is named by its label before anything is sent; focusing a field
 * clears the error; the error line exists only when there is an error.
 * On success the stored session makes the route guard land the user by role.
 */
export default function SignInPage() {
  const { t } = useTranslation();
  usePageTitle(t('signIn.title'));
  const login = useLogin();
  const [iin, setIin] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  /** The fields the error is about: the empty ones, or both when the server refused the pair. */
  const [invalid, setInvalid] = useState({ iin: false, password: false });
  const [expired, setExpired] = useState(hasExpiredNotice);
  const id = useId();
  const errorId = `${id}-error`;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (login.isPending) return;
    const empty = { iin: iin.trim() === '', password: password === '' };
    if (empty.iin || empty.password) {
      const labels = [empty.iin && t('signIn.iin'), empty.password && t('signIn.password')].filter(Boolean);
      setInvalid(empty);
      setError(t('signIn.required', { fields: labels.join(', ') }));
      return;
    }
    setError('');
    login.mutate(
      { iin: iin.trim(), password },
      {
        onSuccess: () => {
          if (getSession()) return;
          setInvalid({ iin: false, password: false });
          setError(t('signIn.unknownRole'));
        },
        onError: (reason) => {
          setInvalid({ iin: true, password: true });
          setError(reason.message || t('errors.network'));
        },
      },
    );
  };

  const clearError = () => {
    if (error) setError('');
    if (expired) {
      dismissExpiredNotice();
      setExpired(false);
    }
  };

  return (
    <div className="oqu-signin">
      <header className="oqu-signin-lang">
        <LanguageSwitch />
      </header>
      <main className="oqu-signin-main" id="main">
        <Card className="oqu-signin-card" variant="borderless">
          <div className="oqu-signin-brand">
            <BrandMark size={48} />
            <div>
              <Typography.Title level={1} className="oqu-signin-title">
                Oqu
              </Typography.Title>
              <Typography.Text className="oqu-signin-tagline">{t('app.tagline')}</Typography.Text>
            </div>
          </div>
          <Typography.Title level={2} className="oqu-signin-heading">
            {t('signIn.heading')}
          </Typography.Title>
          {expired && <Alert type="info" showIcon title={t('signIn.expired')} className="oqu-signin-note" />}
          <form onSubmit={submit} noValidate>
            <div className="oqu-field">
              <label htmlFor={`${id}-iin`}>{t('signIn.iin')}</label>
              <Input
                id={`${id}-iin`}
                name="iin"
                size="large"
                autoComplete="username"
                autoCapitalize="off"
                spellCheck={false}
                prefix={<UserOutlined aria-hidden="true" />}
                value={iin}
                onChange={(event) => setIin(event.target.value)}
                onFocus={clearError}
                aria-invalid={error && invalid.iin ? true : undefined}
                aria-describedby={error && invalid.iin ? errorId : undefined}
              />
            </div>
            <div className="oqu-field">
              <label htmlFor={`${id}-password`}>{t('signIn.password')}</label>
              <Input.Password
                id={`${id}-password`}
                name="password"
                size="large"
                autoComplete="current-password"
                prefix={<LockOutlined aria-hidden="true" />}
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                onFocus={clearError}
                aria-invalid={error && invalid.password ? true : undefined}
                aria-describedby={error && invalid.password ? errorId : undefined}
              />
            </div>
            {error && (
              <div id={errorId} role="alert" className="oqu-form-error">
                {error}
              </div>
            )}
            <Button type="primary" htmlType="submit" size="large" block loading={login.isPending}>
              {t('signIn.submit')}
            </Button>
          </form>
        </Card>
        <p className="oqu-signin-footer">{t('signIn.footer')}</p>
      </main>
    </div>
  );
}
