import type { Transporter } from 'nodemailer';
import type { Mail, Mailer } from './mailer.ts';

/** Sends through any SMTP server given as a URL (smtp://user:pass@host:port, smtps:// for TLS). */
export function createSmtpMailer(options: { url: string; from: string }): Mailer {
  let transport: Promise<Transporter> | undefined;
  return {
    kind: 'smtp',
    async send(mail: Mail) {
      // nodemailer is loaded on the first e-mail, not at start (docs/performance.md).
      transport ??= import('nodemailer').then(({ default: nodemailer }) => createTransport(nodemailer, options.url));
      await (await transport).sendMail({ from: options.from, ...mail });
    },
  };
}

function createTransport(nodemailer: typeof import('nodemailer').default, smtpUrl: string): Transporter {
  const url = new URL(smtpUrl);
  return nodemailer.createTransport({
    host: url.hostname,
    port: Number(url.port || (url.protocol === 'smtps:' ? 465 : 587)),
    secure: url.protocol === 'smtps:',
    // A plain smtp:// URL to a local relay must not be upgraded (and fail) on servers without TLS.
    ignoreTLS: url.protocol === 'smtp:' && url.searchParams.get('starttls') !== 'true',
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
  });
}
