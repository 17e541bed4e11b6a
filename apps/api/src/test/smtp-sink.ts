import type { AddressInfo } from 'node:net';
import { generate } from 'selfsigned';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server on 127.0.0.1 that keeps what it receives (the `smtp-server` package): the mail
 * adapter's tests and the mail-out bench send to it over a real SMTP conversation. It offers STARTTLS
 * with a self-signed certificate made for it (`cert` is what a client must trust), or none with
 * `tls: false`. Each message is kept as its raw bytes with whether its session was encrypted; with
 * `keep: false` only counted (the bench).
 */
export type ReceivedMail = { raw: Buffer; secure: boolean; from: string; to: string[] };
export type SmtpSink = {
  port: number;
  /** The sink's certificate (PEM), to trust in the client. */
  cert: string;
  received: ReceivedMail[];
  count(): number;
  /** Resolves once `n` messages have been received in all. */
  waitFor(n: number): Promise<void>;
  close(): Promise<void>;
};

export async function startSmtpSink({
  tls = true,
  keep = true,
}: {
  tls?: boolean;
  keep?: boolean;
} = {}): Promise<SmtpSink> {
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
    keySize: 2048,
    algorithm: 'sha256',
    extensions: [
      { name: 'basicConstraints', cA: true },
      { name: 'keyUsage', keyCertSign: true, digitalSignature: true, keyEncipherment: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
        ],
      },
    ],
  });
  const received: ReceivedMail[] = [];
  let count = 0;
  let waiters: { n: number; resolve: () => void }[] = [];
  const server = new SMTPServer({
    secure: false,
    key: pems.private,
    cert: pems.cert,
    disabledCommands: tls ? ['AUTH'] : ['AUTH', 'STARTTLS'],
    hideSTARTTLS: !tls,
    logger: false,
    size: 10 * 1024 * 1024,
    // Closing waits this long for a client's open connection (a pooled transport keeps one) before ending
    // it; the default, 30 s, was most of each test file that uses the sink.
    closeTimeout: 100,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => {
        if (keep) chunks.push(chunk);
      });
      stream.on('end', () => {
        count++;
        if (keep)
          received.push({
            raw: Buffer.concat(chunks),
            secure: session.secure,
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
          });
        callback();
        waiters = waiters.filter((w) => {
          if (count < w.n) return true;
          w.resolve();
          return false;
        });
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    cert: pems.cert,
    received,
    count: () => count,
    waitFor: (n) => (count >= n ? Promise.resolve() : new Promise((resolve) => waiters.push({ n, resolve }))),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
