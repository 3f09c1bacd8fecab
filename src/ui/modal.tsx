import X from 'lucide-react/icons/x';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { Icon } from './icon';
import styles from './modal.module.css';
import { useModalLayer } from './modal-stack';

/** Modal widths of SPEC 2: sm 400 px, md 600 px, lg 800 px. */
export const modalWidthPx = { sm: 400, md: 600, lg: 800 } as const;
export type ModalSize = keyof typeof modalWidthPx;

type ModalProps = {
  open: boolean;
  onClose: () => void;
  title: string;
  size?: ModalSize;
  children: ReactNode;
  footer?: ReactNode;
};

/** Generic modal: closes on Escape (top layer only) or a click on the backdrop; focus moves in and back. */
export function Modal({ open, onClose, title, size = 'md', children, footer }: ModalProps) {
  const titleId = useId();
  const { t } = useTranslation();
  const dialogRef = useRef<HTMLDivElement>(null);
  const { zIndex, isTop, visible } = useModalLayer(open);

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    dialogRef.current?.focus();
    return () => previous?.focus?.();
  }, [open]);

  useEffect(() => {
    if (!open || !isTop) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, isTop, onClose]);

  if (!open) return null;
  return createPortal(
    // biome-ignore lint/a11y/noStaticElementInteractions: the backdrop click is a pointer shortcut; Escape and the close button serve the keyboard
    <div
      className={styles.backdrop}
      style={{ zIndex }}
      hidden={!visible}
      data-testid="modal-backdrop"
      onMouseDown={(e) => e.target === e.currentTarget && onClose()}
    >
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={styles.dialog}
        style={{ maxWidth: modalWidthPx[size] }}
      >
        <header className={styles.header}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          <Button variant="ghost" iconOnly onClick={onClose} aria-label={t('actions.close')}>
            <Icon of={X} />
          </Button>
        </header>
        <div className={styles.body}>{children}</div>
        {footer && <footer className={styles.footer}>{footer}</footer>}
      </div>
    </div>,
    document.body,
  );
}
