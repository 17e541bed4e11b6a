/**
 * The Node.js versions the portal runs on: 24 LTS, and 22.12 or newer (pg-boss 12 and the cookie and
 * content-disposition packages need 22; @fastify/static fails at start before 22.12). Imported first by
 * the server and the ops CLI, so an older Node stops with one line instead of a stack trace from deep in
 * a dependency.
 */
export const MINIMUM_NODE = '22.12.0';

export function supportedNode(version: string): boolean {
  const [major = 0, minor = 0] = version.replace(/^v/, '').split('.').map(Number);
  return major > 22 || (major === 22 && minor >= 12);
}

if (!supportedNode(process.versions.node)) {
  process.stderr.write(
    `The portal needs Node.js ${MINIMUM_NODE} or newer (24 LTS recommended); this is ${process.version}. ` +
      'Run it with scripts/node24.sh, e.g. `scripts/node24.sh npm start`.\n',
  );
  process.exit(1);
}
