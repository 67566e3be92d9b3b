/**
 * The two ways My application's sections talk to the API: what a section reads once when it
 * appears (`useLoaded`), and what a button asks for (`useAttempt`); both keep what went wrong, in
 * the server's words, for the section to show.
 */
import { useEffect, useState } from 'react';
import { messageOf } from '../../lib/api-client';

/** Reads `load` once on mounting (nothing is set after the section has gone). */
export function useLoaded<T>(load: () => Promise<T>) {
  const [data, setData] = useState<T | null>(null);
  const [failure, setFailure] = useState('');
  useEffect(() => {
    let live = true;
    load()
      .then((next) => live && setData(next))
      .catch((error: unknown) => live && setFailure(messageOf(error)));
    return () => {
      live = false;
    };
  }, [load]);
  return { data, setData, failure, setFailure };
}

/** A button's request: clears the last failure, runs `work`, and keeps what went wrong. */
export function useAttempt() {
  const [failure, setFailure] = useState('');
  const attempt = async (work: () => Promise<void>) => {
    setFailure('');
    try {
      await work();
    } catch (error) {
      setFailure(messageOf(error));
    }
  };
  return { failure, attempt };
}
