import Info from 'lucide-react/icons/info';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import { type ReactNode, type TouchEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../icon';
import styles from './pull-to-refresh.module.css';

/** How far a finger must pull down from the top before letting go refreshes. */
export const pullThresholdPx = 72;

/** Where a pull stands: idle, then pulling, armed once far enough, refreshing once let go. */
export const pullPhases = ['idle', 'pulling', 'armed', 'refreshing'] as const;
type Phase = (typeof pullPhases)[number];

/** Mobile pull-to-refresh around scrolling content: pull down from the top and let go. */
export function PullToRefresh({
  onRefresh,
  children,
}: {
  onRefresh: () => Promise<unknown>;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const start = useRef<number | null>(null);
  const [pull, setPull] = useState(0);
  const [phase, setPhase] = useState<Phase>('idle');

  const onTouchStart = (e: TouchEvent<HTMLDivElement>) => {
    start.current = e.currentTarget.scrollTop <= 0 && phase !== 'refreshing' ? e.touches[0].clientY : null;
  };
  const onTouchMove = (e: TouchEvent) => {
    if (start.current === null) return;
    const distance = Math.max(0, e.touches[0].clientY - start.current);
    setPull(Math.min(distance, pullThresholdPx * 1.5));
    setPhase(distance >= pullThresholdPx ? 'armed' : distance > 0 ? 'pulling' : 'idle');
  };
  const onTouchEnd = () => {
    start.current = null;
    setPull(0);
    if (phase !== 'armed') {
      setPhase('idle');
      return;
    }
    setPhase('refreshing');
    onRefresh().finally(() => setPhase('idle'));
  };

  return (
    <div
      className={styles.scroller}
      onTouchStart={onTouchStart}
      onTouchMove={onTouchMove}
      onTouchEnd={onTouchEnd}
      onTouchCancel={onTouchEnd}
    >
      <div className={styles.indicator} style={{ height: phase === 'refreshing' ? 48 : pull }} role="status">
        {phase !== 'idle' && (
          <>
            <Icon of={phase === 'refreshing' ? LoaderCircle : Info} size={18} />
            {t(`pull.${phase}`)}
          </>
        )}
      </div>
      {children}
    </div>
  );
}
