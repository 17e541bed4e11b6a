import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import {
  candidates,
  notifications,
  projectMembers,
  projects,
  recruitments,
  smsOutbox,
  smsPhones,
  staffAudit,
  surveyAnswers,
  users,
} from '../../db/schema/index.ts';
import {
  bearer,
  createKit,
  createProject,
  kitWithResults,
  ops,
  PASSWORD,
  reportProfile,
  signedInUser,
  uniqueEmail,
} from '../../test/helpers.ts';
import { completeQuestionnaires } from '../../test/questionnaires.ts';

/**
 * A person with something in every corner of the portal, for the closure tests: a profile, a report and
 * its answers, a paid kit not yet sent, a subscription, a consent, a gift to a friend, a research
 * project, a support view, an export, a failed sign-in, a study candidate record and a staff audit
 * entry with their address. The personal values are unusual words, so a search for them finds only them.
 */
const PROFILE = reportProfile('gmwi2/SRR1761667_metaphlan.txt');
let made = 0;

export type ClosingPerson = Awaited<ReturnType<typeof closingPerson>>;

async function json(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  token: string,
  payload?: object,
) {
  const res = await app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}

async function cardToken(app: FastifyInstance, token: string): Promise<string> {
  return (
    await json(app, 'POST', '/api/payments/test-tokens', token, {
      number: '4242 4242 4242 4242',
      expMonth: 12,
      expYear: 2099,
      cvc: '123',
    })
  ).id;
}

async function order(app: FastifyInstance, token: string, key: string, body: object) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { ...bearer(token), 'idempotency-key': key },
    payload: body,
  });
  if (res.statusCode !== 201) throw new Error(`order: ${res.body}`);
  return res.json() as {
    orderId: number;
    kitIds: number[];
    subscriptionId: number | null;
    paymentId: string;
  };
}

/** A typed Australian mobile (0491 570 101) as the texts' tables keep it (+61491570101). */
const mobileOf = (typed: string) => `+61${typed.replace(/\D/g, '').slice(1)}`;

export async function closingPerson(app: FastifyInstance, database: Database) {
  made++;
  const tag = `${Date.now().toString(36)}${made}`;
  const personal = {
    firstName: `Quenby${tag}`,
    lastName: `Marchetti${tag}`,
    phoneNumber: `0491 570 ${String(100 + made).slice(-3)}`,
    addressLine1: `${made} Wisteria${tag} Crescent`,
    addressLine2: `Unit Zircon${tag}`,
    dateOfBirth: '1987-06-05',
    guardianFirstName: `Orlaith${tag}`,
    guardianLastName: `Vasquez${tag}`,
    answer: `Fermented kohlrabi${tag} every day`,
    kitName: `Pip${tag}`,
    kitNotes: `Taken after the Lisbon${tag} trip`,
    shipFirstName: `Quenby${tag}`,
  };
  const person = await signedInUser(app, { firstName: personal.firstName, lastName: personal.lastName });
  const { version } = await json(app, 'GET', '/api/users/me', person.accessToken);
  await json(app, 'PUT', '/api/users/me', person.accessToken, {
    version,
    firstName: personal.firstName,
    lastName: personal.lastName,
    gender: 'FEMALE',
    dateOfBirth: personal.dateOfBirth,
    phoneNumber: personal.phoneNumber,
    addressLine1: personal.addressLine1,
    addressLine2: personal.addressLine2,
    suburb: 'Brisbane City',
    state: 'QLD',
    postcode: '4000',
  });
  await database.db
    .update(users)
    .set({ guardianFirstName: personal.guardianFirstName, guardianLastName: personal.guardianLastName })
    .where(eq(users.id, person.id));
  // A mobile checked for texts, with a text sent to it (issue 35 item 4).
  await database.db.insert(smsPhones).values({
    userId: person.id,
    phone: mobileOf(personal.phoneNumber),
    verifiedAt: new Date(),
    optIn: true,
  });
  await database.db.insert(smsOutbox).values({
    userId: person.id,
    to: mobileOf(personal.phoneNumber),
    kind: 'kit-progress',
    body: `Microbiome Lab: ${personal.kitName} is on its way.`,
  });

  // A research project with a contact, that the person joined, with a reported kit in it.
  const project = await createProject(app, { name: `Gut study ${tag}` });
  const contactEmail = uniqueEmail('study-contact');
  await database.db.update(projects).set({ email: contactEmail }).where(eq(projects.id, project.id));
  await database.db.insert(projectMembers).values({ userId: person.id, projectId: project.id });
  const reported = await kitWithResults(app, person.email, PROFILE, {
    displayDate: '2026-02-01',
    projectId: project.id,
  });
  await completeQuestionnaires(database.db, reported.id);
  await database.db
    .insert(surveyAnswers)
    .values({
      kitId: reported.id,
      surveyType: 'food',
      questionId: 'closure-free-text',
      answers: [],
      answerString: personal.answer,
      definitionVersion: 1,
    })
    .onConflictDoNothing();
  await json(app, 'PUT', `/api/kits/${reported.id}`, person.accessToken, {
    name: personal.kitName,
    notes: personal.kitNotes,
    was: { name: null, notes: null },
  });

  // A paid kit not yet sent, and a subscription (its first kit, asked for but not sent, is refunded too).
  const paid = await order(app, person.accessToken, `closure-kit-${tag}`, {
    purchaserEmail: person.email,
    purchaserFirstName: personal.firstName,
    purchaserLastName: personal.lastName,
    orderType: 'NEW',
    orderItems: [{ orderItemType: 'KIT', deliveryOption: 'SEND_LATER', unitPrice: 349 }],
    amount: 349,
    stripeToken: await cardToken(app, person.accessToken),
    description: `Kits for ${personal.firstName}`,
  });
  const subscription = await order(app, person.accessToken, `closure-sub-${tag}`, {
    purchaserEmail: person.email,
    purchaserFirstName: personal.firstName,
    purchaserLastName: personal.lastName,
    orderType: 'NEW',
    orderItems: [
      {
        orderItemType: 'SUBSCRIPTION',
        deliveryOption: 'SEND_NOW_MY_ADDRESS',
        subscriptionType: 'EVERY_TWELVE_MONTHS',
        unitPrice: 315,
        deliveryAddress: {
          addressLine1: personal.addressLine1,
          suburb: 'Brisbane City',
          state: 'QLD',
          postcode: '4000',
        },
      },
    ],
    amount: 315,
    stripeToken: await cardToken(app, person.accessToken),
  });

  // A kit given to a friend: the friend's gift email names the person.
  const gift = await createKit(app, { ownerEmail: person.email });
  const friend = uniqueEmail('friend');
  await json(app, 'POST', '/api/kits/give', person.accessToken, { kitId: gift.id, receiverEmail: friend });

  await json(app, 'POST', '/api/consent/1', person.accessToken, {
    consentId: 1,
    consenterType: 'USER',
    consenterId: person.id,
    consented: true,
  });
  await json(app, 'POST', '/api/me/exports', person.accessToken);
  await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: person.email, password: 'not-the-password-1!' },
  });
  await app.inject({
    method: 'POST',
    url: `/api/admin/projects/${project.id}/participant-codes`,
    headers: ops,
    payload: { email: person.email },
  });
  const [recruitment] = await database.db
    .insert(recruitments)
    .values({ title: `Study ${tag}` })
    .returning();
  if (recruitment)
    await database.db.insert(candidates).values({
      recruitmentId: recruitment.id,
      email: person.email,
      firstName: personal.firstName,
      lastName: personal.lastName,
      phoneNumber: personal.phoneNumber,
    });
  // Email-only notifications (decision 058): one to the person's address as a candidate, and one
  // to a practitioner that names them (a report they shared).
  await database.db.insert(notifications).values([
    {
      recipient: person.email,
      kind: 'candidate-invitation',
      category: 'CONSENT',
      subject: `You are invited to take part in Study ${tag}`,
      body: `The study team invites you to take part in Study ${tag}.`,
    },
    {
      recipient: 'practitioner@clinic.example',
      kind: 'report-share',
      category: 'DATA_RIGHTS',
      subject: `${personal.firstName} ${personal.lastName} shared their microbiome report with you`,
      body: `${personal.firstName} ${personal.lastName} has shared their microbiome report with you.`,
    },
  ]);
  await database.db.insert(staffAudit).values({
    actorLabel: 'operator key',
    action: 'user.update',
    entity: 'user',
    entityId: person.id,
    subjectId: person.id,
    before: { email: person.email, name: `${personal.firstName} ${personal.lastName}` },
    after: { email: person.email, note: `called ${personal.firstName} back` },
  });

  return {
    ...person,
    password: PASSWORD,
    personal,
    projectId: project.id,
    contactEmail,
    friendEmail: friend,
    reportedKitId: reported.id,
    paidKitId: paid.kitIds[0] as number,
    paidPaymentId: paid.paymentId,
    subscriptionId: subscription.subscriptionId as number,
    giftKitId: gift.id,
  };
}

/**
 * The person's personal values, as given and as stored (the phone number is stored normalised): none of
 * them may be left anywhere once the account is closed.
 */
export async function personalValuesOf(person: ClosingPerson, database: Database): Promise<string[]> {
  const { personal } = person;
  const [stored] = await database.db.select().from(users).where(eq(users.id, person.id));
  return [
    ...(stored?.phoneNumber ? [stored.phoneNumber] : []),
    mobileOf(personal.phoneNumber),
    person.email,
    personal.firstName,
    personal.lastName,
    personal.phoneNumber,
    personal.addressLine1,
    personal.addressLine2,
    personal.guardianFirstName,
    personal.guardianLastName,
    personal.answer,
    personal.kitName,
    personal.kitNotes,
  ];
}
