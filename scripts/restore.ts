/** `npm run restore` (ADR 0024): the command is src/server/cli/backup-commands.ts; this runs it and exits with its code. */
import { runRestoreCommand } from '../src/server/cli/backup-commands';
import { exitWith } from '../src/server/cli/command-database';
import { loadConfig } from '../src/server/config';

exitWith(runRestoreCommand(loadConfig(), process.argv.slice(2)));
