import {
  createKits,
  createUser,
  expect,
  expectAccessible,
  importResults,
  login,
  setKitStatus,
  test,
} from './fixtures.ts';

test('a mistyped sample in a report link says the report was not found, and the picker still works', async ({
  page,
  request,
}) => {
  const user = await createUser(request);
  const [kit] = await createKits(request, { ownerEmail: user.email });
  if (!kit) throw new Error('a kit expected');
  await setKitStatus(request, kit.id, { kitStatus: 'REQUESTED' });
  await setKitStatus(request, kit.id, { kitStatus: 'DISPATCHED_BY_LAB' });
  await setKitStatus(request, kit.id, { sampleStatus: 'RECEIVED_BY_LAB' });
  await importResults(request, kit.sampleIdentifier);
  await login(page, user);

  await page.goto(`/report?samples=${kit.sampleIdentifier}X`);
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Report not found');
  await expect(alert).toContainText(
    `We could not find a report for ${kit.sampleIdentifier}X in your account.`,
  );
  await expectAccessible(page);

  // Choosing the report from the menu shows it, and the notice goes with the mistyped link.
  await page.getByRole('combobox', { name: 'Report' }).click();
  await page.getByRole('option').first().click();
  await expect(page).toHaveURL(new RegExp(`samples=${kit.sampleIdentifier}$`));
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByText(`Sample ${kit.sampleIdentifier} · report version v3`)).toBeVisible();
});
