import { z } from 'zod';
import { blank, optionalString } from './parse.ts';

/** Web Push to the members' phones (decision 067). Composed by ../env.ts; docs/configuration.md describes each variable. */
export const pushVariables = {
  /**
   * Web Push to the members' phones (docs/decisions/067-web-push.md): the VAPID key pair (RFC 8292,
   * base64url as web-push's generateVAPIDKeys writes them) and the contact the push services see
   * (mailto: or https:). Unset outside production: generated once into DATA_DIR/vapid-keys; unset in
   * production: notifications off. PUSH_STANDIN_ENABLED mounts the local push service stand-in
   * (never in production).
   */
  VAPID_PUBLIC_KEY: optionalString,
  VAPID_PRIVATE_KEY: optionalString,
  VAPID_SUBJECT: z.preprocess(
    blank,
    z
      .string()
      .regex(/^(mailto:|https:\/\/)/, 'use mailto: ou https://')
      .optional(),
  ),
  PUSH_STANDIN_ENABLED: z.preprocess(blank, z.enum(['true', 'false']).optional()),
};
