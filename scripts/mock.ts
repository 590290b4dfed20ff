import dotenv from 'dotenv';
import { unknownVariableWarnings } from '../src/config/known-variables.js';

/**
 * `npm run mock`: warns about PG_ and MOCK_ variables the project does not read, then starts the mock's own
 * command (src/mock/main.ts). The warning lives here because the list of variables is the configuration's,
 * and the mock sits below the configuration (it imports nothing of it).
 */
dotenv.config({ quiet: true });
for (const warning of unknownVariableWarnings(process.env)) console.error(warning);
await import('../src/mock/main.js');
