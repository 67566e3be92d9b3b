/** The SMTP transport, made once per function instance from the SMTP_URL secret. */
import { createTransport, type Transporter } from 'nodemailer';
import { MAIL_FROM, SMTP_URL } from './config';
import type { Send } from './deliver';

let transporter: Transporter | undefined;

export const smtpSend: Send = async (message) => {
  // Bounded, so that six attempts and their backoff fit in the trigger's 300 s.
  transporter ??= createTransport(SMTP_URL.value(), {
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  const info = await transporter.sendMail({ from: MAIL_FROM.value(), ...message });
  return {
    messageId: String(info.messageId),
    accepted: (info.accepted ?? []).map(String),
    rejected: (info.rejected ?? []).map(String),
  };
};
