import CircleAlert from 'lucide-react/icons/circle-alert';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useUser } from '../../hooks/app-state';
import { useServices } from '../../services';
import { refusalText } from '../../shell/api-error';
import { Button } from '../../ui/button';
import styles from '../../ui/card-page.module.css';
import { Icon } from '../../ui/icon';
import { LanguageSwitch } from '../../ui/language-switch';
import { Logo } from '../../ui/logo';
import { PageTitle } from '../../ui/page-title';
import { TextField } from '../../ui/text-field';

/** The server's minimum (CONTRACT: change-password takes at least 8 characters). */
export const minPasswordLength = 8;

/** What may keep the form from being sent (each a message under `login:changePassword.problem`). */
export const passwordProblems = ['missing', 'short', 'mismatch', 'same'] as const;

/** What keeps the form from being sent, or null. */
export function passwordProblem(
  current: string,
  next: string,
  repeat: string,
): (typeof passwordProblems)[number] | null {
  if (!current || !next || !repeat) return 'missing';
  if (next.length < minPasswordLength) return 'short';
  if (next !== repeat) return 'mismatch';
  if (next === current) return 'same';
  return null;
}

/** Change password; a first sign-in must pass here before any other screen. */
export default function ChangePasswordScreen() {
  const { session, toasts } = useServices();
  const { t } = useTranslation(['login', 'common']);
  const user = useUser();
  const navigate = useNavigate();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const first = !!user?.first_login;
  const fields = [
    [t('changePassword.current'), 'current-password', current, setCurrent],
    [t('changePassword.new'), 'new-password', next, setNext],
    [t('changePassword.repeat'), 'new-password', repeat, setRepeat],
  ] as const;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = passwordProblem(current, next, repeat);
    setError(problem && t(`changePassword.problem.${problem}`, { count: minPasswordLength }));
    if (problem) return;
    setBusy(true);
    try {
      await session.changePassword({ currentPassword: current, newPassword: next });
      toasts.showToast(t('changePassword.changed'), { variant: 'success' });
      navigate('/', { replace: true });
    } catch (err) {
      setCurrent('');
      // in the form, whole: what the server says of each field is what the user needs to read
      setError(refusalText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.page} data-variant="mobile">
      <PageTitle page={t('changePassword.pageTitle')} />
      <aside className={styles.hero}>
        <Logo size={36} />
        <p className={styles.product} translate="no">
          Tomato Warehouse
        </p>
      </aside>
      <main className={styles.card}>
        <div className={styles.language}>
          <LanguageSwitch />
        </div>
        <form className={styles.form} onSubmit={submit} noValidate aria-labelledby="cp-title">
          <h1 id="cp-title">{t('changePassword.title')}</h1>
          <p className={styles.hint}>
            {t(first ? 'changePassword.welcome' : 'changePassword.signedInAs', { name: user?.username })}
          </p>
          {error && (
            <p className={styles.error} role="alert">
              <Icon of={CircleAlert} />
              {error}
            </p>
          )}
          {fields.map(([label, autoComplete, value, set]) => (
            <TextField
              key={label}
              label={label}
              type="password"
              autoComplete={autoComplete}
              value={value}
              onChange={(e) => set(e.target.value)}
            />
          ))}
          <Button type="submit" variant="primary" block disabled={busy}>
            {busy ? t('changePassword.saving') : t('changePassword.submit')}
          </Button>
          {!first && (
            <Button block onClick={() => navigate(-1)}>
              {t('common:actions.cancel')}
            </Button>
          )}
          <Button variant="ghost" block onClick={() => void session.logout()}>
            {t('common:actions.signOut')}
          </Button>
        </form>
      </main>
    </div>
  );
}
