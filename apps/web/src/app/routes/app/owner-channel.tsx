import { OwnerChannelPage } from '@/features/owner-channel/components/owner-channel-page';

/** /avisos: 'Avisos', the owner's channel apart from the customers (docs/decisions/048-opt-out-and-owner-channel.md). */
export function Component() {
  return <OwnerChannelPage />;
}
