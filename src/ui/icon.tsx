import type { LucideIcon } from 'lucide-react';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import type { SVGProps } from 'react';
import styles from './icon.module.css';

type IconProps = SVGProps<SVGSVGElement> & {
  /**
   * The lucide icon (`lucide-react/icons/<name>`), imported where it is drawn, so that a screen
   * loads only its own icons (SPEC 2's: circle-alert, check, info, loader-circle, triangle-alert,
   * wifi, wifi-off, x).
   */
  of: LucideIcon;
  /** Accessible name; without one the icon is decorative and hidden from assistive technology. */
  label?: string;
  size?: number;
};

/** A stroked 24×24 icon drawn in the current text colour. */
export function Icon({ of: Drawn, label, size = 20, className, ...rest }: IconProps) {
  return (
    <Drawn
      size={size}
      strokeWidth={2}
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      className={[styles.icon, Drawn === LoaderCircle ? styles.spin : '', className]
        .filter(Boolean)
        .join(' ')}
      {...rest}
    />
  );
}
