import CircleAlert from 'lucide-react/icons/circle-alert';
import Info from 'lucide-react/icons/info';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import { useObservableEagerState } from 'observable-hooks';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import {
  afterLoginTarget,
  chooseMode,
  loginMessages,
  loginNotice,
  type MobileMode,
  missingCredentials,
  type SignInOutcome,
  signIn,
} from '../../../streams/session';
import { useMobileDevice } from '../../hooks/app-state';
import { accessDenialText } from '../../hooks/permissions';
import { useServices } from '../../services';
import { codeText, specText } from '../../shell/api-error';
import { Button } from '../../ui/button';
import styles from '../../ui/card-page.module.css';
import { Icon } from '../../ui/icon';
import { LanguageSwitch } from '../../ui/language-switch';
import { Logo } from '../../ui/logo';
import { PageTitle } from '../../ui/page-title';
import { CheckField, TextField } from '../../ui/text-field';

/** Why a sign-in did not go on, in the app's language. */
function stoppedText(outcome: Extract<SignInOutcome, { name: 'DENIED' | 'FAILED' }>): string {
  if (outcome.name === 'DENIED') return accessDenialText(outcome.denial);
  // a refusal's code has the app's own sentence (a wrong password, a disabled account), else the message
  return codeText(outcome.refusal) ?? specText(outcome.message);
}

/**
 * Sign-in, desktop or mobile by the device: username, password, remember-me; then the forced
 * mobile mode choice for users who have it; then the access check; then back to the redirect.
 */
export default function LoginScreen() {
  const { session, permissions$ } = useServices();
  const { t } = useTranslation('login');
  const mobile = useMobileDevice();
  const navigate = useNavigate();
  const { search } = useLocation();
  const state = useObservableEagerState(session.state$);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [choosing, setChoosing] = useState(false);
  const notice = error ? null : loginNotice(search, 'reason' in state ? state.reason : null);
  /** This screen's own sign-in is under way (or done): it goes on by the sign-in's outcome, after its checks. */
  const signingIn = useRef(false);
  const shared = state.name === 'AUTHENTICATED' && !!state.shared;
  // a session another tab shared, while this screen showed or just before it was drawn (a page
  // opened signed out is sent here before the other tab's answer), goes on to where it was headed
  useEffect(() => {
    if (shared && !signingIn.current) navigate(afterLoginTarget(search), { replace: true });
  }, [shared, navigate, search]);

  const show = (outcome: SignInOutcome) => {
    if (outcome.name === 'CHOOSE_MODE') {
      setChoosing(true);
      return;
    }
    if (outcome.name === 'ENTER') {
      navigate(outcome.path, { replace: true });
      return;
    }
    signingIn.current = false;
    setChoosing(false);
    setPassword('');
    setError(stoppedText(outcome));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (missingCredentials({ username, password })) {
      setError(specText(loginMessages.missingFields));
      return;
    }
    setBusy(true);
    setError(null);
    signingIn.current = true;
    try {
      show(
        await signIn(
          { session, permissions$ },
          { username, password, rememberMe, mobileDevice: mobile, search },
        ),
      );
    } finally {
      setBusy(false);
    }
  };

  const choose = (mode: MobileMode) => {
    void chooseMode({ session, permissions$ }, mode, search).then(show);
  };

  return (
    <div className={styles.page} data-variant={mobile ? 'mobile' : 'desktop'}>
      <PageTitle page={t('pageTitle')} />
      <aside className={styles.hero}>
        <Logo size={mobile ? 36 : 56} />
        <p className={styles.product} translate="no">
          Tomato Warehouse
        </p>
        {!mobile && <p className={styles.tagline}>{t('tagline')}</p>}
      </aside>
      <main className={styles.card}>
        <div className={styles.language}>
          <LanguageSwitch />
        </div>
        {choosing ? (
          <section aria-labelledby="mode-title" className={styles.form}>
            <h1 id="mode-title">{t('mode.title')}</h1>
            <p className={styles.hint}>{t('mode.hint')}</p>
            <Button variant="primary" block onClick={() => choose('mobile')}>
              {t('mode.mobile')}
            </Button>
            <Button block onClick={() => choose('desktop')}>
              {t('mode.desktop')}
            </Button>
          </section>
        ) : (
          <form className={styles.form} onSubmit={submit} noValidate aria-labelledby="login-title">
            <h1 id="login-title">{t('title')}</h1>
            {(error || notice) && (
              <p className={error ? styles.error : styles.notice} role="alert">
                <Icon of={error ? CircleAlert : Info} />
                {error ?? (notice && specText(notice))}
              </p>
            )}
            <TextField
              label={t('username')}
              name="username"
              autoComplete="username"
              autoCapitalize="none"
              autoCorrect="off"
              spellCheck={false}
              value={username}
              onChange={(e) => setUsername(e.target.value)}
            />
            <TextField
              label={t('password')}
              name="password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
            <CheckField
              label={t('rememberMe')}
              checked={rememberMe}
              onChange={(e) => setRememberMe(e.target.checked)}
            />
            <Button type="submit" variant="primary" block disabled={busy}>
              {busy && <Icon of={LoaderCircle} />}
              {busy ? t('signingIn') : t('submit')}
            </Button>
          </form>
        )}
      </main>
    </div>
  );
}
