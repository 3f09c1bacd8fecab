import { useTranslation } from 'react-i18next';
import styles from './mobile.module.css';

/** Marks what a change waiting in the phone's queue shows before the server has it. */
export function WaitingMark() {
  const { t } = useTranslation('mobile');
  return <span className={styles.waiting}>{t('queue.waitingMark')}</span>;
}
