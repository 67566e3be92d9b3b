import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const PROJECT_ID = 'demo-mentorship';
export const DATA_DIR = join(ROOT, '.emulator-data');
/** Generated files of local runs (stack configs, test reports, the emulator launcher). */
export const STACK_DIR = join(ROOT, '.stack');
