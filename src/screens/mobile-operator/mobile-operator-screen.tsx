import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes, useParams } from 'react-router-dom';
import { AccountScreen } from './account-screen';
import styles from './mobile.module.css';
import { QueueLine, Refusals } from './offline-queue-panel';
import { OrdersScreen } from './orders-screen';
import { PalletScreen } from './pallet-screen';
import { operatorPath } from './paths';
import { ScanHome } from './scan-home';
import { StorageScreen } from './storage-screen';

/** /mobile/operator/{type}-pallet/{id}: any other second segment is no page of the area. */
function PalletRoute() {
  const { kind = '' } = useParams();
  return kind.endsWith('-pallet') ? <PalletScreen /> : <Navigate to={operatorPath} replace />;
}

/** The operator area on a phone: Scan, Storage, Orders and Account under the shell's bottom navigation. */
export default function MobileOperatorScreen() {
  const { t } = useTranslation('mobile');
  return (
    <div className={styles.area}>
      <div className={styles.top}>
        <h1>{t('area')}</h1>
        <QueueLine />
      </div>
      <Refusals />
      <Routes>
        <Route index element={<ScanHome />} />
        <Route path="storage" element={<StorageScreen />} />
        <Route path="orders" element={<OrdersScreen />} />
        <Route path="account" element={<AccountScreen />} />
        <Route path=":kind/:palletId" element={<PalletRoute />} />
        <Route path="*" element={<Navigate to={operatorPath} replace />} />
      </Routes>
    </div>
  );
}
