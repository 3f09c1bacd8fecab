import { useObservableEagerState } from 'observable-hooks';
import { Button } from '../ui/button';
import { Icon } from '../ui/icon';
import type { Chunk } from './chunk';
import styles from './lazy-screen.module.css';

/** The "Loading..." placeholder of SPEC 2. */
export function LoadingPlaceholder() {
  return (
    <div className={styles.placeholder} role="status">
      <Icon name="loader" size={28} />
      Loading...
    </div>
  );
}

/** Renders a lazily loaded screen, "Loading..." while its code arrives, and a retry on failure. */
export function LazyScreen({ chunk }: { chunk: Chunk }) {
  const state = useObservableEagerState(chunk.state$);
  if (state.status === 'ready') return <state.Component />;
  if (state.status === 'loading') return <LoadingPlaceholder />;
  return (
    <div className={styles.placeholder} role="alert">
      <Icon name="warning" size={28} />
      <p>{state.message}</p>
      <Button variant="primary" onClick={chunk.retry}>
        Retry
      </Button>
    </div>
  );
}
