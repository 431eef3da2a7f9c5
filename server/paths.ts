// Where the project lives on disk (kept free of other imports: the database scripts run before anything
// else is generated).
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
