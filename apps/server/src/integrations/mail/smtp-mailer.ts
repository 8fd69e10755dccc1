import nodemailer from 'nodemailer';
import type { Mail, Mailer } from './mailer.ts';

/** Sends through any SMTP server given as a URL (smtp://user:pass@host:port, smtps:// for TLS). */
export function createSmtpMailer(options: { url: string; from: string }): Mailer {
  const url = new URL(options.url);
  const transport = nodemailer.createTransport({
    host: url.hostname,
    port: Number(url.port || (url.protocol === 'smtps:' ? 465 : 587)),
    secure: url.protocol === 'smtps:',
    // A plain smtp:// URL to a local relay must not be upgraded (and fail) on servers without TLS.
    ignoreTLS: url.protocol === 'smtp:' && url.searchParams.get('starttls') !== 'true',
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
  });
  return {
    kind: 'smtp',
    async send(mail: Mail) {
      await transport.sendMail({ from: options.from, ...mail });
    },
  };
}
