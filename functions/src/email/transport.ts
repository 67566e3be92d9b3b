/** The SMTP transport, made once per function instance from the SMTP_URL secret. */
import { createTransport, type Transporter } from 'nodemailer';
import { MAIL_FROM, SMTP_URL } from './config';
import type { Send } from './deliver';

/** A `Send` over one SMTP URL (tests and scripts send through the local relay with it). */
export function smtpSender(url: () => string, from: () => string): Send {
  let transporter: Transporter | undefined;
  return async (message) => {
    // Bounded, so that one attempt fits well inside the trigger's and the sweep's timeouts.
    transporter ??= createTransport(url(), {
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
    const info = await transporter.sendMail({ from: from(), ...message });
    return {
      messageId: String(info.messageId),
      accepted: (info.accepted ?? []).map(String),
      rejected: (info.rejected ?? []).map(String),
    };
  };
}

export const smtpSend: Send = smtpSender(
  () => SMTP_URL.value(),
  () => MAIL_FROM.value(),
);
