/**
 * `npm run dev`: the API with restart-on-change (node --watch) on API_PORT (3001) and Vite's dev server
 * with hot reload on PORT (3000), proxying /api to the API. Ctrl-C stops both.
 */
import { spawn, type ChildProcess } from 'node:child_process';

const port = process.env['PORT'] ?? '3000';
const apiPort = process.env['API_PORT'] ?? '3001';

const children: ChildProcess[] = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', '--watch-preserve-output', 'src/server/main.ts'], {
    stdio: 'inherit',
    env: {
      ...process.env,
      PORT: apiPort,
      PUBLIC_URL: process.env['PUBLIC_URL'] ?? `http://localhost:${port}`,
      WEB_DIST: 'dist/dev-none',
    },
  }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: port, API_PORT: apiPort },
  }),
];

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) {
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
}
