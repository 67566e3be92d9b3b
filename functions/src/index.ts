/** Cloud Functions entry point: exports only. */
import { onRequest } from 'firebase-functions/v2/https';
import { createApp } from './app';

// Stated, not left to defaults: 1 CPU serving 80 requests at once; 10 instances cap the cost.
export const api = onRequest(
  { region: 'us-central1', cors: false, cpu: 1, concurrency: 80, maxInstances: 10 },
  createApp(),
);
