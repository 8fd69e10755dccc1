export const simulatorKeys = {
  all: ['simulator'] as const,
  /** The signed-in owner's numbers, to name each connection (get-instance-owners.ts). */
  instanceOwners: ['simulator', 'instance-owners'] as const,
  instances: ['simulator', 'instances'] as const,
  instance: (name: string) => ['simulator', 'instances', name] as const,
  chats: (name: string) => ['simulator', 'instances', name, 'chats'] as const,
  chat: (name: string, chatId: string) => ['simulator', 'instances', name, 'chats', chatId] as const,
};

/** The page plays a live phone: everything is polled (1.5 s) while it is open. */
export const POLL_MS = 1_500;

export const simApi = (path: string) => `/simulator/ui-api${path}`;
