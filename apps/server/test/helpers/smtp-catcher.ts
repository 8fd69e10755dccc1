/**
 * A real SMTP server on 127.0.0.1 (random port) that keeps every mail it receives, parsed.
 * The app talks to it through its ordinary SMTP mailer (SMTP_URL=smtp://127.0.0.1:PORT).
 */
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  /** Envelope recipients (RCPT TO). */
  recipients: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
}

export interface SmtpCatcher {
  url: string;
  mails: CaughtMail[];
  /** Waits for a mail to `to` (the first one not seen before `since` mails had arrived). */
  waitForMail(to: string, options?: { timeoutMs?: number; since?: number }): Promise<CaughtMail>;
  close(): Promise<void>;
}

export async function startSmtpCatcher(): Promise<SmtpCatcher> {
  const mails: CaughtMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          mails.push({
            recipients: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            from: parsed.from?.text ?? '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
          });
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as { port: number };

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async waitForMail(to, { timeoutMs = 10_000, since = 0 } = {}) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = mails.slice(since).find((m) => m.recipients.includes(to.toLowerCase()));
        if (mail) return mail;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms (caught: ${mails.length})`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The code in a reset link `<APP_URL>/reset-password?code=...` found in a mail's text. */
export function resetCodeFrom(text: string, appUrl: string): string {
  const escaped = appUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = text.match(new RegExp(`${escaped}/reset-password\\?code=([^\\s"<>&]+)`));
  if (!match) throw new Error(`no reset link in mail:\n${text}`);
  return decodeURIComponent(match[1]!);
}
