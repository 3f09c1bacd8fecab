import styles from './logo.module.css';

/** The product's mark: a tomato with its calyx. */
export function Logo({ size = 22 }: { size?: number }) {
  return <span className={styles.logo} style={{ width: size, height: size }} aria-hidden="true" />;
}
