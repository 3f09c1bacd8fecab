import { useObservableEagerState } from 'observable-hooks';
import { createContext, type ReactNode, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { Icon, type IconName } from './icon';
import {
  notificationOffsetPx,
  type Toast,
  type ToastPosition,
  type ToastStore,
  type ToastVariant,
} from './toast-store';
import styles from './toasts.module.css';

const ToastContext = createContext<ToastStore | null>(null);

const icons: Record<ToastVariant, IconName> = {
  error: 'alert',
  success: 'check',
  warning: 'warning',
  info: 'info',
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

function ToastCard({
  toast,
  onDismiss,
  style,
}: {
  toast: Toast;
  onDismiss: () => void;
  style?: React.CSSProperties;
}) {
  const { t } = useTranslation();
  return (
    <div
      className={`${styles.toast} ${styles[toast.variant]}`}
      role={toast.variant === 'error' ? 'alert' : 'status'}
      data-variant={toast.variant}
      style={style}
    >
      <Icon name={icons[toast.variant]} />
      <span className={styles.message}>{toast.message}</span>
      <Button variant="ghost" iconOnly onClick={onDismiss} aria-label={t('actions.dismiss')}>
        <Icon name="close" size={18} />
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
          <ToastCard toast={centre} onDismiss={() => store.dismiss(centre.id)} />
        </div>
      )}
      <div className={`${styles.stack} ${styles[position]}`} data-position={position} aria-live="polite">
        {stack.map((t, i) => (
          <ToastCard
            key={t.id}
            toast={t}
            onDismiss={() => store.dismiss(t.id)}
            style={position === 'center' ? undefined : { [edge]: notificationOffsetPx(stack.length - 1 - i) }}
          />
        ))}
      </div>
    </>
  );
}
