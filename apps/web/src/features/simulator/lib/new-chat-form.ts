import { simSendAsCustomerSchema } from '@vendai/contracts';
import { z } from 'zod';

const customer = simSendAsCustomerSchema.shape.customer.shape;
const groupSubject = simSendAsCustomerSchema.shape.group.unwrap().shape.subject;

/** 'Nova conversa': the customer (name + number) as the contract takes them; a group needs its name. */
export const newChatFormSchema = z.discriminatedUnion('isGroup', [
  z.object({ name: customer.name, phone: customer.phone, isGroup: z.literal(false), subject: z.string() }),
  z.object({ name: customer.name, phone: customer.phone, isGroup: z.literal(true), subject: groupSubject }),
]);
export type NewChatForm = z.input<typeof newChatFormSchema>;
