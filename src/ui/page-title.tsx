import { useTranslation } from 'react-i18next';

/** The page's `<title>` (React puts it in the head): "<page> · Tomato Warehouse". */
export function PageTitle({ page }: { page: string }) {
  const { t } = useTranslation();
  return <title>{t('pageTitle', { page })}</title>;
}
