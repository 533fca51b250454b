import { Route, Routes } from 'react-router';
import { NotFound } from '../not-found';
import { LocationScreen } from '../locations/location-screen';
import { AccountDetail } from './account-detail';
import { AccountsList } from './accounts-list';
import { OrderBoard } from '../orders/order-board';
import { OrderTicket } from '../orders/order-ticket';
import { LocationDeliveryLog } from '../deliveries/location-delivery-log';
import { MenuScreen } from '../menus/menu-screen';
import { AccountReports, LocationReports } from '../reports/reports-screen';

/**
 * Accounts, their locations, and everything at a location (the Application Flow of docs/contract.md "Onboarding
 * flows").
 */
export function AccountsArea() {
  return (
    <Routes>
      <Route index element={<AccountsList />} />
      <Route path=":accountId" element={<AccountDetail />} />
      <Route path=":accountId/reports" element={<AccountReports />} />
      <Route path=":accountId/locations/:locationId/orders" element={<OrderBoard />} />
      <Route path=":accountId/locations/:locationId/orders/:orderId/ticket" element={<OrderTicket />} />
      <Route path=":accountId/locations/:locationId/deliveries" element={<LocationDeliveryLog />} />
      <Route path=":accountId/locations/:locationId/reports" element={<LocationReports />} />
      <Route path=":accountId/locations/:locationId/menus/:menuId" element={<MenuScreen />} />
      <Route path=":accountId/locations/:locationId/:tab?" element={<LocationScreen />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
