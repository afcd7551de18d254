import nodemailer from 'nodemailer';
import type { MailSender } from './mail';

export function createSmtpMailSender(options: { smtpUrl: string; from: string }): MailSender {
  const transport = nodemailer.createTransport(options.smtpUrl);
  return {
    kind: 'smtp',
    send: async (message) => {
      await transport.sendMail({ from: options.from, ...message });
    },
    close: async () => transport.close(),
  };
}
