/** `npm run prerequisites`: checks Java 21+, the Cloud Firestore emulator and Chromium. */
import { reportPrerequisites } from './lib/prerequisites';

process.exit(reportPrerequisites({ chromium: true }) ? 0 : 1);
