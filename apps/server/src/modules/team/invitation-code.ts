import { createHash, randomBytes } from 'node:crypto';

/** A new link code (only its hash is stored) and the hash to look a code up by. */
export const newInvitationCode = () => randomBytes(32).toString('base64url');
export const hashInvitationCode = (code: string) => createHash('sha256').update(code).digest('hex');
