import { agentNameSchema, answerTextSchema } from '@vendai/contracts';
import { z } from 'zod';

/** The wizard's one-field forms, on the contracts' own rules for an answer and an agent name. */
export const answerFormSchema = z.object({ answer: answerTextSchema });
export type AnswerForm = z.input<typeof answerFormSchema>;

export const agentNameFormSchema = z.object({ apelido: agentNameSchema });
export type AgentNameForm = z.input<typeof agentNameFormSchema>;
