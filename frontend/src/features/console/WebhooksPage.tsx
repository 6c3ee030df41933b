import { WebhooksPanel } from '@/ui/webhooks/WebhooksPanel';
import { StaffPage } from '@/ui/console/StaffPage';

/** /staff/webhooks (issue 47 §2): the platform's webhooks, for admins. */
export function WebhooksPage() {
  return (
    <StaffPage title="Webhooks">
      <WebhooksPanel />
    </StaffPage>
  );
}
