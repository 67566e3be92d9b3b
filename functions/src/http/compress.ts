/**
 * Gzips large JSON answers (the admin lists) when the client accepts it: a list of thousands of
 * rows shrinks about tenfold. Small answers are sent as they are, so single-record routes pay
 * nothing. Firebase Hosting passes the encoded body through unchanged.
 */
import type { RequestHandler } from 'express';
import { gzip, constants } from 'node:zlib';
import { promisify } from 'node:util';

const gzipAsync = promisify(gzip);
const MIN_BYTES = 8 * 1024;

export const compressLargeJson: RequestHandler = (req, res, next) => {
  if (!/\bgzip\b/i.test(req.header('accept-encoding') ?? '')) {
    next();
    return;
  }
  const json = res.json.bind(res);
  res.json = (body: unknown) => {
    const text = JSON.stringify(body);
    if (text === undefined || Buffer.byteLength(text) < MIN_BYTES) return json(body);
    gzipAsync(text, { level: constants.Z_BEST_SPEED }).then(
      (zipped) => {
        res
          .set('Content-Type', 'application/json; charset=utf-8')
          .set('Content-Encoding', 'gzip')
          .vary('Accept-Encoding')
          .end(zipped);
      },
      () => json(body),
    );
    return res;
  };
  next();
};
