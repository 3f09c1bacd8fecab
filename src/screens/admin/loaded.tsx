import type { ReactNode } from 'react';
import type { ReadState } from '../../hooks/api-read';
import { apiErrorText } from '../../shell/api-error';
import styles from './admin.module.css';

/** A read's data through `children`, or what is happening instead (loading, the refusal). */
export function Loaded<T>({ state, children }: { state: ReadState<T>; children: (data: T) => ReactNode }) {
  if (state.status === 'loading') return <p className={styles.muted}>Loading...</p>;
  if (state.status === 'failed') return <p role="alert">{apiErrorText(state.error)}</p>;
  return children(state.data);
}
