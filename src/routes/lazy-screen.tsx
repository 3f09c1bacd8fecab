import LoaderCircle from 'lucide-react/icons/loader-circle';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import { useObservableEagerState } from 'observable-hooks';
import { type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/button';
import { Icon } from '../ui/icon';
import type { Chunk } from './chunk';
import styles from './lazy-screen.module.css';

/** The "Loading..." placeholder of SPEC 2. */
export function LoadingPlaceholder() {
  const { t } = useTranslation();
  return (
    <div className={styles.placeholder} role="status">
      <Icon of={LoaderCircle} size={28} />
      {t('loading')}
    </div>
  );
}

/**
 * Renders a lazily loaded screen (or the frame, around `children`), "Loading..." while its code or
 * its catalogue (its namespace, loaded on its first `useTranslation`) arrives, and a retry on failure.
 */
export function LazyScreen({ chunk, children }: { chunk: Chunk; children?: ReactNode }) {
  const state = useObservableEagerState(chunk.state$);
  const { t } = useTranslation(['shell', 'common']);
  if (state.status === 'ready')
    return (
      <Suspense fallback={<LoadingPlaceholder />}>
        <state.Component>{children}</state.Component>
      </Suspense>
    );
  if (state.status === 'loading') return <LoadingPlaceholder />;
  return (
    <div className={styles.placeholder} role="alert">
      <Icon of={TriangleAlert} size={28} />
      <p>{t(`chunk.${state.reason}`)}</p>
      <Button variant="primary" onClick={chunk.retry}>
        {t('common:actions.retry')}
      </Button>
    </div>
  );
}
