import { z } from 'zod';

/** Empty strings count as unset, so a blank line in a .env file does not switch a port on. */
export const blank = (v: unknown) => (v === '' ? undefined : v);
export const optionalUrl = z.preprocess(blank, z.url().optional());
export const optionalString = z.preprocess(blank, z.string().optional());

/** A key sealing secrets at rest (AES-256-GCM, lib/secret-box.ts): 32 bytes as 64 hex characters or base64. */
export const sealingKey = z.preprocess(
  blank,
  z
    .string()
    .refine((v) => /^[0-9a-f]{64}$/i.test(v.trim()) || Buffer.from(v.trim(), 'base64').length === 32, {
      message: 'use 32 bytes em 64 caracteres hex ou base64',
    })
    .optional(),
);
