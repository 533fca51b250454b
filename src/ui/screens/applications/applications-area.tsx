import { Route, Routes } from 'react-router';
import { NotFound } from '../not-found';
import { ApplicationDetail } from './application-detail';
import { ApplicationsList } from './applications-list';
import { ApplicationDeliveryLog } from '../deliveries/application-delivery-log';

/**
 * Partner applications (POS and marketplaces): the Application Flow (docs/contract.md "Onboarding flows") starts by
 * registering them.
 */
export function ApplicationsArea() {
  return (
    <Routes>
      <Route index element={<ApplicationsList />} />
      <Route path=":applicationId" element={<ApplicationDetail />} />
      <Route path=":applicationId/deliveries" element={<ApplicationDeliveryLog />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
