import { z } from 'zod';
import { LIMITS } from './constants.ts';
import { isValidPhone } from './phone.ts';

export const PASSWORD_MISMATCH = 'As senhas não coincidem';
export const INVALID_PHONE = 'Por favor, insira um número de telefone válido';

const email = z
  .string({ error: 'Informe seu e-mail.' })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: 'Informe um e-mail válido.' }));

const password = z
  .string({ error: 'Informe uma senha.' })
  .min(LIMITS.passwordMin, { error: `A senha deve ter pelo menos ${LIMITS.passwordMin} caracteres.` })
  .max(LIMITS.passwordMax, { error: `A senha deve ter no máximo ${LIMITS.passwordMax} caracteres.` });

export const registerSchema = z
  .object({
    fullName: z
      .string({ error: 'Informe seu nome completo.' })
      .trim()
      .min(1, { error: 'Informe seu nome completo.' })
      .max(LIMITS.nameMax, { error: `O nome deve ter no máximo ${LIMITS.nameMax} caracteres.` }),
    email,
    /** E.164, as the phone input keeps it. */
    phone: z.string({ error: INVALID_PHONE }).refine(isValidPhone, { error: INVALID_PHONE }),
    password,
    confirmPassword: z.string({ error: 'Confirme a senha.' }),
  })
  .refine((v) => v.password === v.confirmPassword, { error: PASSWORD_MISMATCH, path: ['confirmPassword'] });
export type RegisterInput = z.infer<typeof registerSchema>;

export const loginSchema = z.object({
  email,
  password: z.string({ error: 'Informe sua senha.' }).min(1, { error: 'Informe sua senha.' }),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const forgotPasswordSchema = z.object({ email });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z
  .object({ code: z.string().min(1), password, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { error: PASSWORD_MISMATCH, path: ['confirmPassword'] });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** State of a password-reset link, checked before the form is shown (docs/product/rules.md#states-and-transitions). */
export const resetLinkStatusSchema = z.object({ status: z.enum(['valid', 'expired', 'invalid']) });
export type ResetLinkStatus = z.infer<typeof resetLinkStatusSchema>['status'];

/** GET /api/account/password-reset/:code — the code from the e-mailed link. */
export const resetLinkParamsSchema = z.object({ code: z.string() });
