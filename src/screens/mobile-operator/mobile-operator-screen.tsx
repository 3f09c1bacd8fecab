import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes, useParams } from 'react-router-dom';
import type { OperatorConsoleName } from '../../../streams/consoles';
import { useOpenConsoles } from '../../hooks/permissions';
import { ConsoleDenied } from '../../shell/access-denied';
import { AccountScreen } from './account-screen';
import { KleinpakScreen } from './kleinpak-screen';
import { LogisticsScreen } from './logistics-screen';
import styles from './mobile.module.css';
import { QueueLine, Refusals } from './offline-queue-panel';
import { OrdersScreen } from './orders-screen';
import { PalletScreen } from './pallet-screen';
import { operatorPath } from './paths';
import { ScanHome } from './scan-home';
import { SortingScreen } from './sorting-screen';
import { StorageScreen } from './storage-screen';

/** /mobile/operator/{type}-pallet/{id}: any other second segment is no page of the area. */
function PalletRoute() {
  const { kind = '' } = useParams();
  return kind.endsWith('-pallet') ? <PalletScreen /> : <Navigate to={operatorPath} replace />;
}

/** A console of the operator area, or, opened by its address without access (SPEC 6), the sentence saying why. */
function ConsoleRoute({ name, children }: { name: OperatorConsoleName; children: ReactNode }) {
  return useOpenConsoles().has(name) ? children : <ConsoleDenied name={name} />;
}

/**
 * The operator area on a phone under the shell's bottom navigation: Scan, the consoles the user
 * may open (Sorting, Kleinpak, Logistics, Storage), Orders and Account.
 */
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
        <Route
          path="sorting"
          element={
            <ConsoleRoute name="sorting">
              <SortingScreen />
            </ConsoleRoute>
          }
        />
        <Route
          path="kleinpak"
          element={
            <ConsoleRoute name="kleinpak">
              <KleinpakScreen />
            </ConsoleRoute>
          }
        />
        <Route
          path="logistics"
          element={
            <ConsoleRoute name="logistics">
              <LogisticsScreen />
            </ConsoleRoute>
          }
        />
        <Route
          path="storage"
          element={
            <ConsoleRoute name="storage">
              <StorageScreen />
            </ConsoleRoute>
          }
        />
        <Route path="orders" element={<OrdersScreen />} />
        <Route path="account" element={<AccountScreen />} />
        <Route path=":kind/:palletId" element={<PalletRoute />} />
        <Route path="*" element={<Navigate to={operatorPath} replace />} />
      </Routes>
    </div>
  );
}
