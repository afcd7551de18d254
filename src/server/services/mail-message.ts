// One mail as the app writes it: what the senders send, and what a mail job carries sealed (sealed-mail.ts).
export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /** Headers beyond the usual: List-Unsubscribe and List-Unsubscribe-Post (RFC 8058) on alerts. */
  headers?: Record<string, string>;
};
