// Over 300 lines because it is a table: one entry per ops command, each a few lines that call the admin
// API. Keeping them in one table is what lets `ops --help` and readme.test.ts list every command.
import fs from 'node:fs';
import type { ParseArgsConfig } from 'node:util';
import { type AdminClient, OpsError } from './client.ts';
import { readCsv } from './csv.ts';
import { exportUser } from './user-export.ts';

type Options = NonNullable<ParseArgsConfig['options']>;
type Values = Record<string, string | boolean | string[] | undefined>;

export type Command = {
  summary: string;
  options: Options;
  required?: string[];
  /** false: runs locally without talking to a server. */
  needsServer?: boolean;
  run(values: Values, client: AdminClient): Promise<unknown>;
};

const str = { type: 'string' } as const;
const flag = { type: 'boolean' } as const;

/** Each issue adds its commands here; options are kebab-case as design.md §4 lists them. */
export const commands: Record<string, Command> = {
  'user:create': {
    summary: 'Create an account (verified unless --unverified)',
    options: {
      email: str,
      password: str,
      'first-name': str,
      'last-name': str,
      dob: str,
      gender: str,
      'under-age': flag,
      guardian: flag,
      type: str,
      authority: { type: 'string', multiple: true },
      unverified: flag,
    },
    required: ['email', 'password', 'first-name', 'last-name'],
    run: (v, client) =>
      client.post('/api/admin/users', {
        email: v.email,
        password: v.password,
        firstName: v['first-name'],
        lastName: v['last-name'],
        ...(v.dob ? { dob: v.dob } : {}),
        ...(v.gender ? { gender: String(v.gender).toUpperCase() } : {}),
        underAge: Boolean(v['under-age']),
        guardian: Boolean(v.guardian),
        ...(v.type ? { type: v.type } : {}),
        authorities: v.authority ?? [],
        unverified: Boolean(v.unverified),
      }),
  },
  'mail:list': {
    summary: 'The outbox, newest first',
    options: { to: str },
    run: (v, client) => client.get(`/api/admin/mail${v.to ? `?to=${encodeURIComponent(String(v.to))}` : ''}`),
  },
  'reminders:advance': {
    summary:
      "Move pending reminders --hours nearer (only --email's if given) and send those now due (not in production)",
    options: { hours: str, email: str },
    required: ['hours'],
    run: (v, client) =>
      client.post('/api/admin/reminders/advance', {
        hours: Number(v.hours),
        ...(v.email ? { email: v.email } : {}),
      }),
  },
  'consent:review': {
    summary: "Approve or reject a minor's parental consent",
    options: { email: str, approve: flag, reject: flag },
    required: ['email'],
    run: (v, client) => {
      if (Boolean(v.approve) === Boolean(v.reject))
        throw new OpsError('Give exactly one of --approve or --reject');
      return client.post('/api/admin/consent-review', { email: v.email, approve: Boolean(v.approve) });
    },
  },
  'addresses:import': {
    summary: 'Load a CSV of addresses (G-NAF columns) into the embedded address finder',
    options: { file: str },
    required: ['file'],
    run: async (v, client) => {
      const rows = readCsv(String(v.file));
      let imported = 0;
      for (let i = 0; i < rows.length; i += 1000) {
        const result = (await client.post('/api/admin/addresses', { rows: rows.slice(i, i + 1000) })) as {
          imported: number;
        };
        imported += result.imported;
      }
      return { imported };
    },
  },
  'kits:create': {
    summary: 'New kits with vouchers (owned, as if bought, with --owner)',
    options: { count: str, project: str, owner: str, infant: flag },
    required: ['count'],
    run: (v, client) =>
      client.post('/api/admin/kits', {
        count: integer(v.count, 'count'),
        ...(v.project ? { projectId: integer(v.project, 'project') } : {}),
        ...(v.owner ? { ownerEmail: v.owner } : {}),
        infant: Boolean(v.infant),
      }),
  },
  'kit:set': {
    summary: 'A logistics or lab step of a kit (appends timeline events, emails the owner)',
    options: { kit: str, 'kit-status': str, 'sample-status': str, 'display-date': str },
    required: ['kit'],
    run: (v, client) => {
      if (!v['kit-status'] && !v['sample-status'])
        throw new OpsError('Give --kit-status, --sample-status or both');
      return client.patch(`/api/admin/kits/${integer(v.kit, 'kit')}`, {
        ...(v['kit-status'] ? { kitStatus: String(v['kit-status']).toUpperCase() } : {}),
        ...(v['sample-status'] ? { sampleStatus: String(v['sample-status']).toUpperCase() } : {}),
        ...(v['display-date'] ? { displayDate: v['display-date'] } : {}),
      });
    },
  },
  'referral:create': {
    summary: "A practitioner's referral code",
    options: { code: str, 'first-name': str, 'last-name': str, email: str },
    required: ['code', 'first-name', 'last-name'],
    run: (v, client) =>
      client.post('/api/admin/referral-codes', {
        code: v.code,
        firstName: v['first-name'],
        lastName: v['last-name'],
        // The practitioner's email, where people's report share links for them are sent (issue 36).
        ...(v.email ? { email: v.email } : {}),
      }),
  },
  'promo:create': {
    summary: 'A promo code: AMOUNT (dollars off), PERCENTAGE or TRACKING; --uses N (default unlimited)',
    options: { code: str, type: str, value: str, uses: str },
    required: ['code', 'type'],
    run: (v, client) =>
      client.post('/api/admin/promo-codes', {
        code: v.code,
        type: String(v.type).toUpperCase(),
        value: v.value === undefined ? 0 : Number(v.value),
        remainingUsage: v.uses === undefined ? null : integer(v.uses, 'uses'),
      }),
  },
  'subscriptions:renew': {
    summary:
      'Renew every subscription due now (or at --at ISO date-time); the server also does this every minute',
    options: { at: str },
    run: (v, client) => client.post('/api/admin/subscriptions/renew', v.at ? { at: v.at } : {}),
  },
  'results:import': {
    summary:
      "Import a sample's MetaPhlAn profile: builds the report, sets RESULTS_AVAILABLE, emails the owner",
    options: { sample: str, file: str, 'display-date': str },
    required: ['sample', 'file'],
    run: (v, client) =>
      client.post('/api/admin/results', {
        sampleIdentifier: v.sample,
        profile: readText(String(v.file)),
        ...(v['display-date'] ? { displayDate: v['display-date'] } : {}),
      }),
  },
  'report:score': {
    summary:
      'Scores a MetaPhlAn profile or a merged species table locally, storing nothing (for lab checks); --explain adds the terms of GMWI2 and GMHI',
    options: { file: str, explain: flag },
    required: ['file'],
    needsServer: false,
    run: async (v) => {
      const text = readText(String(v.file));
      const { scoreMergedTable, scoreProfile, ProfileError } = await import('@portal/domain/report');
      try {
        if (v.explain)
          return looksLikeMergedTable(text)
            ? scoreMergedTable(text, { explain: true })
            : scoreProfile(text, { explain: true });
        return looksLikeMergedTable(text) ? scoreMergedTable(text) : scoreProfile(text);
      } catch (error) {
        if (error instanceof ProfileError) throw new OpsError(error.message);
        throw error;
      }
    },
  },
  'coach:complete': {
    summary: 'Records a finished coach session: the sample moves to MICROBIOME_COACH_SESSION_COMPLETED',
    options: { kit: str },
    required: ['kit'],
    run: (v, client) =>
      client.patch(`/api/admin/kits/${integer(v.kit, 'kit')}`, {
        sampleStatus: 'MICROBIOME_COACH_SESSION_COMPLETED',
      }),
  },
  'project:create': {
    summary:
      "A research project; prints its id and its own participant code (which joins only with one of the project's vouchers)",
    options: {
      name: str,
      logistics: str,
      surveys: str,
      'result-delivery': str,
      'contact-name': str,
      phone: str,
      email: str,
    },
    required: ['name', 'logistics'],
    run: (v, client) =>
      client.post('/api/admin/projects', {
        name: v.name,
        logisticType: String(v.logistics).toUpperCase(),
        ...(v.surveys !== undefined
          ? {
              surveys: String(v.surveys)
                .split(',')
                .map((s) => s.trim())
                .filter(Boolean),
            }
          : {}),
        ...(v['result-delivery'] ? { resultDeliveryType: v['result-delivery'] } : {}),
        ...(v['contact-name'] ? { contactName: v['contact-name'] } : {}),
        ...(v.phone ? { phone: v.phone } : {}),
        ...(v.email ? { email: v.email } : {}),
      }),
  },
  'participant-code:issue': {
    summary:
      "A participant code of a project for one participant's email, to register and join with; printed once, stored hashed, spent on joining",
    options: { project: str, email: str },
    required: ['project', 'email'],
    run: (v, client) =>
      client.post(`/api/admin/projects/${encodeURIComponent(String(v.project))}/participant-codes`, {
        email: v.email,
      }),
  },
  'audit:impersonation': {
    summary: 'Requests made while support viewed a portal, newest first (actor, subject, route, UTC time)',
    options: { subject: str, actor: str, limit: str },
    run: (v, client) => {
      const query = new URLSearchParams();
      if (v.subject) query.set('subjectId', String(v.subject));
      if (v.actor) query.set('actorId', String(v.actor));
      if (v.limit) query.set('limit', String(v.limit));
      const qs = query.toString();
      return client.get(`/api/admin/impersonation-audit${qs ? `?${qs}` : ''}`);
    },
  },
  'jobs:list': {
    summary:
      'Background jobs: counts per queue and state, and the newest jobs (--queue mail|renewals|..., --state created|retry|active|completed|failed, --limit)',
    options: { queue: str, state: str, limit: str },
    run: (v, client) => {
      const query = new URLSearchParams();
      if (v.queue) query.set('queue', String(v.queue));
      if (v.state) query.set('state', String(v.state));
      if (v.limit) query.set('limit', String(v.limit));
      const qs = query.toString();
      return client.get(`/api/admin/jobs${qs ? `?${qs}` : ''}`);
    },
  },
  'recruitment:create': {
    summary:
      'A recruitment with its consent chain from a JSON file ([{title, htmlContent, agreeLabel, disagreeLabel, url?, thanksResponse?}])',
    options: { title: str, consents: str },
    required: ['title', 'consents'],
    run: (v, client) => {
      let consents: unknown;
      try {
        consents = JSON.parse(readText(String(v.consents)));
      } catch (error) {
        if (error instanceof OpsError) throw error;
        throw new OpsError(`${v.consents} is not valid JSON`);
      }
      return client.post('/api/admin/recruitments', { title: v.title, consents });
    },
  },
  'candidate:create': {
    summary: "A study candidate; prints the candidate's consent and unsubscribe links",
    options: { recruitment: str, email: str, 'first-name': str, 'last-name': str, phone: str },
    required: ['recruitment', 'email', 'first-name', 'last-name'],
    run: (v, client) =>
      client.post(`/api/admin/recruitments/${integer(v.recruitment, 'recruitment')}/candidates`, {
        email: v.email,
        firstName: v['first-name'],
        lastName: v['last-name'],
        ...(v.phone ? { phoneNumber: v.phone } : {}),
      }),
  },
  'study:create': {
    summary: 'A site of the multi-site study with the IANA time zone of its collection times',
    options: { name: str, timezone: str },
    required: ['name', 'timezone'],
    run: (v, client) => client.post('/api/admin/study/sites', { name: v.name, timezone: v.timezone }),
  },
  'study:kits': {
    summary:
      'New blood (ORBITM_B_KIT), stool (ORBITM_S_KIT) or replacement (ORBITM_R_KIT) kits of a site; prints their label ids, tubes and form links',
    options: { site: str, type: str, count: str },
    required: ['site', 'type', 'count'],
    run: (v, client) =>
      client.post(`/api/admin/study/sites/${integer(v.site, 'site')}/kits`, {
        kitType: String(v.type).toUpperCase(),
        count: integer(v.count, 'count'),
      }),
  },
  'user:export': {
    summary:
      "Export a person's data for a request by post or phone: waits for the export, then writes the ZIP (audited)",
    options: { email: str, out: str, timeout: str },
    required: ['email', 'out'],
    run: (v, client) =>
      exportUser(client, String(v.email), String(v.out), {
        ...(v.timeout ? { timeoutSeconds: integer(v.timeout, 'timeout') } : {}),
      }),
  },
  'user:close': {
    summary:
      'Close an account for a request by post or phone (--scope research|everything); prints the closure request with its state (audited; asked again, its state)',
    options: { email: str, scope: str },
    required: ['email', 'scope'],
    run: (v, client) => {
      const scope = String(v.scope).toUpperCase();
      if (scope !== 'RESEARCH' && scope !== 'EVERYTHING')
        throw new OpsError('--scope must be research or everything');
      return client.post('/api/admin/closures', { email: v.email, scope });
    },
  },
  'handover:start': {
    summary:
      "Start the turning-18 handover of one account on request: a guardian's account for a child, or a minor's own account, whose holder turned 18 before the daily job could (prints {started})",
    options: { email: str },
    required: ['email'],
    run: (v, client) => client.post('/api/admin/handovers/run', { email: v.email }),
  },
  'samples:to-destroy': {
    summary: 'Samples the lab must destroy after "delete everything you can" closures (--all: done ones too)',
    options: { all: flag },
    run: (v, client) => client.get(`/api/admin/sample-destructions${v.all ? '?all=true' : ''}`),
  },
  'sample:destroyed': {
    summary: 'Record that the lab destroyed a sample of the list (audited)',
    options: { sample: str },
    required: ['sample'],
    run: (v, client) =>
      client.post(`/api/admin/sample-destructions/${encodeURIComponent(String(v.sample))}/destroyed`, {}),
  },
  'staff:create': {
    summary:
      'Invite a staff member of the console (the first admin): prints the link to set a password and the second factor',
    options: { email: str, 'first-name': str, 'last-name': str, role: { type: 'string', multiple: true } },
    required: ['email', 'first-name', 'last-name', 'role'],
    run: (v, client) =>
      client.post('/api/staff/members', {
        email: v.email,
        firstName: v['first-name'],
        lastName: v['last-name'],
        roles: (v.role as string[]).map((role) => role.toUpperCase()),
      }),
  },
  'seed:demo': {
    summary: 'A demo customer with kits in every state (prints the sign-in details)',
    options: {},
    run: (_v, client) => client.post('/api/admin/seed-demo', {}),
  },
};

function readText(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    throw new OpsError(`Cannot read ${file}`);
  }
}

/** A merged table starts with a species column and has several sample columns; a profile has # headers. */
function looksLikeMergedTable(text: string): boolean {
  const first =
    text
      .replace(/^\uFEFF/, '')
      .split(/\r?\n/)
      .find((line) => line.trim() !== '') ?? '';
  return !first.startsWith('#') && /^("?)(species|clade_name|ID)\1[,\t]/i.test(first);
}

function integer(value: unknown, name: string): number {
  const n = Number(value);
  if (!Number.isInteger(n)) throw new OpsError(`--${name} must be a whole number`);
  return n;
}
