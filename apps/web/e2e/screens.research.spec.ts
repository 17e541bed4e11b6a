import {
  completeProfile,
  createKits,
  createUser,
  expect,
  importResults,
  setKitStatus,
  test,
} from './fixtures.ts';
import { firstLinkTo, OPS_HEADERS, ScreenRecorder, SIZES, signIn } from './screens-capture.ts';

// Every page and modal of the research portal (APP_TYPE=RESEARCH), at 390 × 844 and 1280 × 800, with no
// console error (issue 26). `npm run screens` runs this with SCREENS_DIR set to save the pictures.

test.use({ actionTimeout: 10_000 });

test('research portal: sign-in and registration, and every page and modal of a participant', async ({
  page,
  request,
}) => {
  test.slow();
  const screens = new ScreenRecorder(page, 'research');
  const created = await request.post('/api/admin/projects', {
    headers: OPS_HEADERS,
    data: {
      name: `Infant Gut Study ${Date.now().toString(36)}`,
      logisticType: 'LAB_MANAGED',
      contactName: 'Dr Sam Lee',
      phone: '07 3000 0000',
      email: 'study@example.com',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const project = (await created.json()) as { id: number };
  const participant = await createUser(request, { firstName: 'Priya', lastName: 'Nair', profile: 'empty' });
  const [held, posted, reported] = await createKits(request, {
    count: 3,
    ownerEmail: participant.email,
    projectId: project.id,
  });
  if (!held || !posted || !reported) throw new Error('three kits expected');
  for (const kit of [posted, reported]) {
    await setKitStatus(request, kit.id, { kitStatus: 'REQUESTED' });
    await setKitStatus(request, kit.id, { kitStatus: 'DISPATCHED_BY_LAB' });
  }
  await setKitStatus(request, reported.id, { sampleStatus: 'RECEIVED_BY_LAB' });
  await importResults(request, reported.sampleIdentifier);

  await screens.visit('login', '/login');
  await screens.visit('register', '/register');

  await signIn(page, participant);
  await completeProfile(page);

  await screens.visit('dashboard', '/dashboard');
  await screens.modal('dashboard-add-project', (p) =>
    p
      .getByRole('button', { name: /Add a new project/ })
      .first()
      .click(),
  );
  await screens.modal('mobile-menu', (p) => p.getByRole('button', { name: 'Menu' }).click(), {
    sizes: [SIZES[0]],
  });

  await screens.visit('my-research', '/kits');
  await screens.modal('my-research-join-project', (p) =>
    p.getByRole('button', { name: 'Join a new project' }).first().click(),
  );
  await screens.modal('my-research-send-now', (p) =>
    p.getByRole('button', { name: 'Send this kit to me now' }).first().click(),
  );
  await screens.visit('my-research-not-allowed', '/kits/notAllowed');

  await screens.visit('surveys', '/surveys');
  await screens.modal('surveys-activate-kit', (p) =>
    p.getByRole('button', { name: 'Activate a new kit' }).first().click(),
  );
  const survey = await firstLinkTo(page, '/surveys/');
  await screens.visit('survey', survey);

  await screens.visit('reports', '/reports');
  await screens.visit('report', `/report?samples=${reported.sampleIdentifier}`);
  await screens.visit('journey', '/journey');
  await screens.visit('profile', '/profile');
  await screens.visit('support', '/support');

  // Support staff open a participant's portal from the Support page's title.
  await page.context().clearCookies();
  const support = await createUser(request, { authorities: ['IMPERSONATE'], profile: 'empty' });
  await signIn(page, support);
  await completeProfile(page);
  await screens.visit('support-staff', '/support');
  await screens.modal('support-impersonate', (p) =>
    p.getByRole('button', { name: 'Support', exact: true }).click(),
  );
  screens.expectClean();
});
