/**
 * The pages an e-mail links to (Keep my application, Confirm a nomination, The closing event)
 * act only on the person's press, never on the page load (mail scanners open every link): one
 * press sends one POST, the button shows it is working, and the server's message (or what went
 * wrong) is what the page then says.
 */
import { useState } from 'react';
import { ApiRequestError } from '../../lib/api-client';

/** What the page says after a press: the server's message, or what went wrong. */
export interface PressOutcome {
  ok: boolean;
  text: string;
}

/** The server's own words about a failed request, or a plain retry. */
export const failureText = (error: unknown): string =>
  error instanceof ApiRequestError ? error.serverMessage : 'Please try again in a moment.';

/**
 * `pending` is the choice being sent (null when none), `outcome` what the last press came to;
 * `press(choice, request, handlers)` sends it. `onDone` sees the server's answer; `onError` may
 * take an error itself (a field error the page shows by its field) by returning true.
 */
export function usePressAnswer<Choice extends string>() {
  const [pending, setPending] = useState<Choice | null>(null);
  const [outcome, setOutcome] = useState<PressOutcome | null>(null);
  const press = async <Done extends { message: string }>(
    choice: Choice,
    request: () => Promise<Done>,
    handlers: { onDone?: (done: Done) => void; onError?: (error: unknown) => boolean } = {},
  ) => {
    setPending(choice);
    try {
      const done = await request();
      setOutcome({ ok: true, text: done.message });
      handlers.onDone?.(done);
    } catch (error) {
      if (handlers.onError?.(error)) return;
      setOutcome({ ok: false, text: failureText(error) });
    } finally {
      setPending(null);
    }
  };
  return { pending, outcome, press };
}
