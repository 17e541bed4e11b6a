import '../node-version.ts';
import { parseArgs } from 'node:util';
import { adminClient, OpsError, readOpsKey } from './client.ts';
import { commands } from './commands.ts';

/** `npm run ops -- <command> [--option value]...`: prints one JSON document, or {"error"} on stderr and exit 1. */
async function main(argv: string[]) {
  const [name, ...rest] = argv;
  const command = name && Object.hasOwn(commands, name) ? commands[name] : undefined;
  if (!command) {
    const list = Object.entries(commands).map(([n, c]) => `${n}: ${c.summary}`);
    throw new OpsError(`Unknown command ${name ?? '(none)'}. Commands: ${list.join(' | ')}`);
  }
  let values: Record<string, string | boolean | string[] | undefined>;
  try {
    ({ values } = parseArgs({
      args: rest,
      options: { ...command.options, url: { type: 'string' } },
      strict: true,
    }));
  } catch (error) {
    throw new OpsError((error as Error).message);
  }
  const missing = (command.required ?? []).filter((option) => values[option] === undefined);
  if (missing.length) throw new OpsError(`Missing ${missing.map((m) => `--${m}`).join(', ')}`);
  const url = String(values.url ?? process.env.OPS_URL ?? `http://localhost:${process.env.PORT ?? 3000}`);
  const client = command.needsServer === false ? (null as never) : adminClient(url, readOpsKey());
  const result = await command.run(values, client);
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  const message =
    error instanceof OpsError ? error.message : `Unexpected failure: ${(error as Error).message}`;
  process.stderr.write(`${JSON.stringify({ error: message })}\n`);
  process.exit(1);
});
