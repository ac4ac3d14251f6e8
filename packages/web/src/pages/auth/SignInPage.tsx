import { EyeInvisibleOutlined, EyeOutlined, LockOutlined, UserOutlined } from '@ant-design/icons';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BrandMark } from '../../components/BrandMark';
import { PublicPageFrame } from '../../components/PublicPageFrame';
import { logIn } from '../../features/auth/logIn';
import { dismissExpiredNotice, getSession, hasExpiredNotice } from '../../lib/session';
import { usePageTitle } from '../../lib/usePageTitle';

/**
 * Sign-in (learner-and-instructor.md §2): IIN or personnel number and password; Enter in either
 * field submits; an empty field is named by its label before anything is sent; focusing a field
 * clears the error; the error line exists only when there is an error.
 * On success the stored session makes the route guard land the user by role.
 * Plain elements styled like the rest of the app: the first screen loads without antd.
 */
export default function SignInPage() {
  const { t } = useTranslation();
  usePageTitle(t('signIn.title'));
  const [pending, setPending] = useState(false);
  const [passwordShown, setPasswordShown] = useState(false);
  const [iin, setIin] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  /** The fields the error is about: the empty ones, or both when the server refused the pair. */
  const [invalid, setInvalid] = useState({ iin: false, password: false });
  const [expired, setExpired] = useState(hasExpiredNotice);
  const id = useId();
  const errorId = `${id}-error`;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const empty = { iin: iin.trim() === '', password: password === '' };
    if (empty.iin || empty.password) {
      const labels = [empty.iin && t('signIn.iin'), empty.password && t('signIn.password')].filter(Boolean);
      setInvalid(empty);
      setError(t('signIn.required', { fields: labels.join(', ') }));
      return;
    }
    setError('');
    setPending(true);
    try {
      await logIn({ iin: iin.trim(), password });
      if (getSession()) return;
      setInvalid({ iin: false, password: false });
      setError(t('signIn.unknownRole'));
    } catch (reason) {
      setInvalid({ iin: true, password: true });
      setError((reason instanceof Error && reason.message) || t('errors.network'));
    } finally {
      setPending(false);
    }
  };

  const clearError = () => {
    if (error) setError('');
    if (expired) {
      dismissExpiredNotice();
      setExpired(false);
    }
  };

  return (
    <PublicPageFrame>
      <section className="oqu-signin-card">
        <div className="oqu-signin-brand">
          <BrandMark size={48} />
          <div>
            <h1 className="oqu-signin-title">Oqu</h1>
            <span className="oqu-signin-tagline">{t('app.tagline')}</span>
          </div>
        </div>
        <h2 className="oqu-signin-heading">{t('signIn.heading')}</h2>
        {expired && (
          <div role="status" className="oqu-signin-note">
            {t('signIn.expired')}
          </div>
        )}
        <form onSubmit={submit} noValidate>
          <div className="oqu-field">
            <label htmlFor={`${id}-iin`}>{t('signIn.iin')}</label>
            <span className="oqu-input">
              <UserOutlined aria-hidden="true" />
              <input
                id={`${id}-iin`}
                name="iin"
                autoComplete="username"
                autoCapitalize="off"
                spellCheck={false}
                value={iin}
                onChange={(event) => setIin(event.target.value)}
                onFocus={clearError}
                aria-invalid={error && invalid.iin ? true : undefined}
                aria-describedby={error && invalid.iin ? errorId : undefined}
              />
            </span>
          </div>
          <div className="oqu-field">
            <label htmlFor={`${id}-password`}>{t('signIn.password')}</label>
            <span className="oqu-input">
              <LockOutlined aria-hidden="true" />
              <input
                id={`${id}-password`}
                name="password"
                type={passwordShown ? 'text' : 'password'}
                autoComplete="current-password"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                onFocus={clearError}
                aria-invalid={error && invalid.password ? true : undefined}
                aria-describedby={error && invalid.password ? errorId : undefined}
              />
              <button
                type="button"
                className="oqu-input-action"
                aria-label={t('signIn.showPassword')}
                aria-pressed={passwordShown}
                onClick={() => setPasswordShown((shown) => !shown)}
              >
                {passwordShown ? <EyeOutlined aria-hidden="true" /> : <EyeInvisibleOutlined aria-hidden="true" />}
              </button>
            </span>
          </div>
          {error && (
            <div id={errorId} role="alert" className="oqu-form-error">
              {error}
            </div>
          )}
          <button type="submit" className="oqu-signin-submit" aria-busy={pending || undefined}>
            {t('signIn.submit')}
          </button>
        </form>
      </section>
      <p className="oqu-signin-footer">{t('signIn.footer')}</p>
    </PublicPageFrame>
  );
}
