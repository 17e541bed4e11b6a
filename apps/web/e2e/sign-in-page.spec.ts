import { createUser, expect, expectAccessible, submitSignIn, test } from './fixtures.ts';

/** Set in the page before any of its code runs: true once a heading or form is taken out of the page. */
const WATCH_REDRAWS = () => {
  const w = window as unknown as { redrawn: boolean };
  w.redrawn = false;
  new MutationObserver((records) => {
    for (const record of records)
      for (const node of record.removedNodes)
        if (node instanceof Element && (node.matches('h1, form') || node.querySelector('h1, form')))
          w.redrawn = true;
  }).observe(document, { childList: true, subtree: true });
};

test('the sign-in page arrives drawn, and the app takes it over without drawing it again', async ({
  page,
  request,
}) => {
  const response = await request.get('/login?fromVerify=1', { headers: { accept: 'text/html' } });
  const html = await response.text();
  expect(html).toContain('<div id="root" data-server-rendered>');
  expect(html).toContain('<h1>Sign in</h1>');
  expect(html).toContain('Your account has been verified. You can now sign in.');
  // Submitting is the app's job: the drawn button waits for it, and the form would never put a password in an address.
  expect(html).toMatch(/<form[^>]*method="post"/);
  expect(html).toMatch(/<button type="submit"[^>]*disabled=""[^>]*>Sign in<\/button>/);

  await page.addInitScript(WATCH_REDRAWS);
  await page.goto('/login?fromVerify=1');
  const signIn = page.getByRole('button', { name: 'Sign in' });
  await expect(signIn).toBeEnabled();
  await expect(page.getByText('Your account has been verified. You can now sign in.')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { redrawn: boolean }).redrawn)).toBe(false);
  await expectAccessible(page);

  const user = await createUser(request);
  await submitSignIn(page, user);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('without the app’s code, the sign-in page still shows, and cannot be sent by the browser', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expect(page.getByLabel('Email')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeDisabled();
  await context.close();
});
