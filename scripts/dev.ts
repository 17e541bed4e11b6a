// `npm run dev`: the API server with reload on change, and the Vite dev server proxying /api to it.
import { spawn } from 'node:child_process';

const children = [
  // No load balancer to wait for here: a reload (tsx sends SIGTERM) stops the server at once.
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'apps/api/src/server.ts'], {
    stdio: 'inherit',
    env: { ...process.env, SHUTDOWN_GRACE_SECONDS: process.env.SHUTDOWN_GRACE_SECONDS ?? '0' },
  }),
  spawn('npm', ['run', 'dev', '-w', 'apps/web'], { stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && stop());
