// A mail waiting in the job table holds what it was written to carry: reset and verification codes,
// invitation links, members' messages. The job keeps it sealed (AES-256-GCM, with a key made from
// APP_SECRET for this use alone): the table, its backups and whoever reads them see an address-less
// blob, and only an app server, which holds the secret, opens it to send it.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { MailMessage } from './mail-message';

/** What a mail job carries. */
export type SealedMail = { sealed: string };

const version = 'v1';
const ivBytes = 12;
const tagBytes = 16;

export type MailSeal = { seal: (message: MailMessage) => SealedMail; open: (mail: SealedMail) => MailMessage };

export function createMailSeal(appSecret: string): MailSeal {
  const key = Buffer.from(hkdfSync('sha256', appSecret, Buffer.alloc(0), 'neighbourly mail jobs', 32));
  return {
    seal: (message) => {
      const iv = randomBytes(ivBytes);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(JSON.stringify(message), 'utf8'), cipher.final()]);
      return { sealed: `${version}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}` };
    },
    open: (mail) => {
      const [given, encoded] = (mail?.sealed ?? '').split('.');
      if (given !== version || !encoded) throw new Error('This mail job holds no sealed mail: it was queued by an older version, or altered.');
      const bytes = Buffer.from(encoded, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, ivBytes));
      decipher.setAuthTag(bytes.subarray(ivBytes, ivBytes + tagBytes));
      try {
        return JSON.parse(Buffer.concat([decipher.update(bytes.subarray(ivBytes + tagBytes)), decipher.final()]).toString('utf8')) as MailMessage;
      } catch {
        throw new Error('This mail was sealed with another APP_SECRET (or altered): it cannot be opened, so it is not sent.');
      }
    },
  };
}
