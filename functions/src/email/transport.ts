/** The SMTP transport, made once per function instance from the SMTP_URL secret. */
import { createTransport, type Transporter } from 'nodemailer';
import { MAIL_FROM, SMTP_URL } from './config';
import type { Send } from './deliver';

let transporter: Transporter | undefined;

export const smtpSend: Send = async (message) => {
  transporter ??= createTransport(SMTP_URL.value());
  const info = await transporter.sendMail({ from: MAIL_FROM.value(), ...message });
  return {
    messageId: String(info.messageId),
    accepted: (info.accepted ?? []).map(String),
    rejected: (info.rejected ?? []).map(String),
  };
};
