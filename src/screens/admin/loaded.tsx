import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReadState } from '../../hooks/api-read';
import { apiErrorText } from '../../shell/api-error';
import styles from './admin.module.css';

/** A read's data through `children`, or what is happening instead (loading, the refusal). */
export function Loaded<T>({ state, children }: { state: ReadState<T>; children: (data: T) => ReactNode }) {
  const { t } = useTranslation('common');
  if (state.status === 'loading') return <p className={styles.muted}>{t('loading')}</p>;
  if (state.status === 'failed') return <p role="alert">{apiErrorText(state.error)}</p>;
  return children(state.data);
}
