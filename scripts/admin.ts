/** `npm run admin` (ADR 0024): the command is src/server/cli/admin.ts; this runs it and exits with its code. */
import { runAdminCommand } from '../src/server/cli/admin';
import { exitWith } from '../src/server/cli/command-database';
import { loadConfig } from '../src/server/config';

exitWith(runAdminCommand(loadConfig(), process.argv.slice(2)));
