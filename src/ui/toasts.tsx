import type { LucideIcon } from 'lucide-react';
import Check from 'lucide-react/icons/check';
import CircleAlert from 'lucide-react/icons/circle-alert';
import Info from 'lucide-react/icons/info';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import X from 'lucide-react/icons/x';
import { useObservableEagerState } from 'observable-hooks';
import { createContext, type ReactNode, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { Icon } from './icon';
import {
  notificationOffsetPx,
  type Toast,
  type ToastPosition,
  type ToastStore,
  type ToastVariant,
} from './toast-store';
import styles from './toasts.module.css';

const ToastContext = createContext<ToastStore | null>(null);

const icons: Record<ToastVariant, LucideIcon> = {
  error: CircleAlert,
  success: Check,
  warning: TriangleAlert,
  info: Info,
};

/** Makes a toast store available to the tree and draws its centre toast and notification stack. */
export function ToastProvider({
  store,
  position = 'top-right',
  children,
}: {
  store: ToastStore;
  position?: ToastPosition;
  children: ReactNode;
}) {
  return (
    <ToastContext.Provider value={store}>
      {children}
      <Toasts store={store} position={position} />
    </ToastContext.Provider>
  );
}

/** The toast commands (showToast, notify, dismiss) of the nearest provider. */
export function useToasts() {
  const store = useContext(ToastContext);
  if (!store) throw new Error('useToasts must be used within a ToastProvider');
  return store;
}

/**
 * A toast: its message cut at two lines in the stack, whole while the pointer is on it or the
 * focus in it, which also keeps it (`hold`) until it is let go.
 */
function ToastCard({
  toast,
  store,
  style,
}: {
  toast: Toast;
  store: ToastStore;
  style?: React.CSSProperties;
}) {
  const { t } = useTranslation();
  const hold = () => store.hold(toast.id);
  const release = () => store.release(toast.id);
  const onDismiss = () => store.dismiss(toast.id);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the pointer and the focus only keep the toast while it is read (an alert or a status); its one control is its dismiss button
    <div
      className={`${styles.toast} ${styles[toast.variant]}`}
      role={toast.variant === 'error' ? 'alert' : 'status'}
      data-variant={toast.variant}
      style={style}
      onPointerEnter={hold}
      onPointerLeave={release}
      onFocus={hold}
      onBlur={release}
    >
      <Icon of={icons[toast.variant]} />
      <span className={styles.message}>{toast.message}</span>
      <Button variant="ghost" iconOnly onClick={onDismiss} aria-label={t('actions.dismiss')}>
        <Icon of={X} size={18} />
      </Button>
    </div>
  );
}

function Toasts({ store, position }: { store: ToastStore; position: ToastPosition }) {
  const { centre, stack } = useObservableEagerState(store.state$);
  const edge = position.startsWith('bottom') ? 'bottom' : 'top';
  return (
    <>
      {centre && (
        <div className={styles.centre}>
          <ToastCard toast={centre} store={store} />
        </div>
      )}
      <div className={`${styles.stack} ${styles[position]}`} data-position={position} aria-live="polite">
        {stack.map((t, i) => (
          <ToastCard
            key={t.id}
            toast={t}
            store={store}
            style={position === 'center' ? undefined : { [edge]: notificationOffsetPx(stack.length - 1 - i) }}
          />
        ))}
      </div>
    </>
  );
}
