/** Cloud Functions entry point: exports only. */
import { onRequest } from 'firebase-functions/v2/https';
import { createApp } from './app';

export const api = onRequest({ region: 'us-central1', cors: false }, createApp());
