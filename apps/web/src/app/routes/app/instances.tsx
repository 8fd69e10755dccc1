import { InstancesPage } from '@/features/whatsapp/components/instances-page';

/** /instances-management (part 2 "WhatsApp instances list"). */
export function Component() {
  return <InstancesPage />;
}
