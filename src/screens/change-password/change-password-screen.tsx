import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useUser } from '../../hooks/app-state';
import { useServices } from '../../services';
import { apiErrorText } from '../../shell/api-error';
import { Button } from '../../ui/button';
import { Icon } from '../../ui/icon';
import { Logo } from '../../ui/logo';
import { TextField } from '../../ui/text-field';
import styles from '../login/login-screen.module.css';

/** The server's minimum (CONTRACT: change-password takes at least 8 characters). */
export const minPasswordLength = 8;

/** Checks the form before it is sent; null when it may go. */
export function passwordProblem(current: string, next: string, repeat: string): string | null {
  if (!current || !next || !repeat) return 'Please fill in all three fields';
  if (next.length < minPasswordLength)
    return `The new password needs at least ${minPasswordLength} characters`;
  if (next !== repeat) return 'The new passwords do not match';
  if (next === current) return 'The new password must differ from the current one';
  return null;
}

/** Change password; a first sign-in must pass here before any other screen. */
export default function ChangePasswordScreen() {
  const { session, toasts } = useServices();
  const user = useUser();
  const navigate = useNavigate();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const first = !!user?.first_login;
  const fields = [
    ['Current password', 'current-password', current, setCurrent],
    ['New password', 'new-password', next, setNext],
    ['Repeat new password', 'new-password', repeat, setRepeat],
  ] as const;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = passwordProblem(current, next, repeat);
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      await session.changePassword({ currentPassword: current, newPassword: next });
      toasts.showToast('Password changed', { variant: 'success' });
      navigate('/', { replace: true });
    } catch (err) {
      setCurrent('');
      toasts.notify(apiErrorText(err), { variant: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.page} data-variant="mobile">
      <aside className={styles.hero}>
        <Logo size={36} />
        <p className={styles.product}>Tomato Warehouse</p>
      </aside>
      <main className={styles.card} style={{ justifyContent: 'center' }}>
        <form className={styles.form} onSubmit={submit} noValidate aria-labelledby="cp-title">
          <h1 id="cp-title">Change password</h1>
          <p className={styles.hint}>
            {first
              ? `Welcome, ${user?.username}. Choose your own password before you start.`
              : `Signed in as ${user?.username}.`}
          </p>
          {error && (
            <p className={styles.error} role="alert">
              <Icon name="alert" />
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
            {busy ? 'Saving...' : 'Change password'}
          </Button>
          {!first && (
            <Button block onClick={() => navigate(-1)}>
              Cancel
            </Button>
          )}
          <Button variant="ghost" block onClick={() => void session.logout()}>
            Sign out
          </Button>
        </form>
      </main>
    </div>
  );
}
