import { DEMO_ACCOUNTS, DEMO_PASSWORD, downloadWorkbook, expect, seriousViolations, signIn, signOut, test } from './support/fixtures.js';

type Page = import('@playwright/test').Page;

const openCandidates = async (page: Page) => {
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Candidats' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Candidats' })).toBeVisible();
  await expect(page.getByRole('table')).toBeVisible();
};

/** The "N candidats" count above the table. */
const shownTotal = async (page: Page) => {
  const text = await page.getByText(/^\d+ candidats?$/).textContent();
  return Number(text?.split(' ')[0]);
};

const search = async (page: Page, text: string) => {
  await page.getByRole('region', { name: 'Filtres' }).getByLabel('Rechercher').fill(text);
  await expect(page).toHaveURL(/search=/);
};

/** Sets the current promotion in the header's picker. */
const choosePromotion = async (page: Page, title: string) => {
  const picker = page.getByRole('button', { name: /^Promotion : / });
  await picker.click();
  await page.getByRole('menuitemradio', { name: new RegExp(`^${title}`) }).click();
  await expect(picker).toHaveAccessibleName(`Promotion : ${title}`);
};

/**
 * Puts an account back on a promotion through the API, whatever state the page is in: the
 * current promotion is stored on the server and the next scenarios expect the demo's.
 */
const restorePromotion = async (page: Page, email: string, title: string) => {
  const login = await page.request.post('/api/login', { data: { email, password: DEMO_PASSWORD } });
  const headers = { authorization: `Bearer ${(await login.json()).token}` };
  const { data: promotions } = await (await page.request.get('/api/user/promotions', { headers })).json();
  const promotion = promotions.find((p: { title: string }) => p.title === title);
  const answer = await page.request.put('/api/user/promotion', { headers, data: { promotion: promotion.id } });
  expect(answer.ok()).toBe(true);
};

/** Creates a candidate through 'Ajouter un candidat', then shows only him in the table. */
const createCandidate = async (page: Page, firstName: string, lastName: string, email: string) => {
  await page.getByRole('button', { name: 'Ajouter un candidat' }).click();
  const create = page.getByRole('dialog', { name: 'Ajouter un candidat' });
  await create.getByLabel('Statut *').selectOption({ label: 'Prospect' });
  await create.getByLabel('Priorité *').selectOption({ label: 'C' });
  await create.getByLabel('Prénom *').fill(firstName);
  await create.getByLabel('Nom *', { exact: true }).fill(lastName);
  await create.getByLabel('E-mail *').fill(email);
  await create.getByRole('button', { name: 'Créer le candidat' }).click();
  await expect(page.getByText('Candidat créé').first()).toBeVisible();
  await expect(create).toHaveCount(0);
  await search(page, lastName);
  const row = page.getByRole('row').filter({ hasText: `${firstName} ${lastName}` });
  await expect(row).toHaveCount(1);
  return row;
};

const deleteCandidate = async (page: Page, row: import('@playwright/test').Locator, fullName: string) => {
  await row.getByRole('button', { name: `Actions de ${fullName}` }).click();
  await page.getByRole('menuitem', { name: 'Supprimer le candidat' }).click();
  await page
    .getByRole('dialog', { name: `Supprimer ${fullName}` })
    .getByRole('button', { name: 'Supprimer' })
    .click();
  await expect(row).toHaveCount(0);
};

/** A menu answers the keyboard once it holds the focus, which Radix gives it when it has opened. */
const menuHoldsFocus = (page: Page) => page.waitForFunction(() => document.activeElement?.closest('[role="menu"]') != null);

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

test.describe('candidates screen (docs/product/candidates.md#screens)', () => {
  test('a broker creates a candidate, finds, edits, comments, files documents and deletes it', async ({ page }) => {
    const stamp = Date.now().toString(36);
    const lastName = `Testeur${stamp}`;
    const fullName = `Alice ${lastName}`;
    const email = `alice.${stamp}@exemple.ch`;

    await signIn(page, DEMO_ACCOUNTS.broker);
    await expect(page).toHaveURL(/\/dashboard$/);
    await openCandidates(page);

    // Agency 1 sees the CRM column and the validated flag.
    await expect(page.getByRole('columnheader', { name: 'CRM', exact: true })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Validé', exact: true })).toBeVisible();

    // Create: the notice, the submit disabled until the required fields hold more than spaces.
    await page.getByRole('button', { name: 'Ajouter un candidat' }).click();
    const create = page.getByRole('dialog', { name: 'Ajouter un candidat' });
    await expect(create.getByText(/n'envoie pas d'e-mail d'inscription/)).toBeVisible();
    const submit = create.getByRole('button', { name: 'Créer le candidat' });
    await expect(submit).toBeDisabled();
    await create.getByLabel('Statut *').selectOption({ label: 'Prospect' });
    await create.getByLabel('Priorité *').selectOption({ label: 'A' });
    await create.getByLabel('Prénom *').fill('Alice');
    await create.getByLabel('Nom *', { exact: true }).fill('   ');
    await create.getByLabel('E-mail *').fill(email);
    await expect(submit).toBeDisabled();
    await create.getByLabel('Nom *', { exact: true }).fill(lastName);
    await create.getByLabel('Budget (CHF)').fill('850000');
    await create.getByRole('button', { name: 'Femme' }).click();
    await expect(submit).toBeEnabled();
    await submit.click();
    await expect(page.getByText('Candidat créé')).toBeVisible();
    await expect(create).toHaveCount(0);

    // The same e-mail again: refused, the modal stays open.
    await page.getByRole('button', { name: 'Ajouter un candidat' }).click();
    await create.getByLabel('Statut *').selectOption({ label: 'Prospect' });
    await create.getByLabel('Priorité *').selectOption({ label: 'B' });
    await create.getByLabel('Prénom *').fill('Bob');
    await create.getByLabel('Nom *', { exact: true }).fill(lastName);
    await create.getByLabel('E-mail *').fill(email);
    await create.getByRole('button', { name: 'Créer le candidat' }).click();
    await expect(page.getByText('Email déjà existant sur un autre compte')).toBeVisible();
    await expect(create).toBeVisible();
    await create.getByRole('button', { name: 'Annuler' }).click();
    await expect(create).toHaveCount(0);

    // Find it by search.
    await search(page, lastName);
    const row = page.getByRole('row').filter({ hasText: fullName });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("850'000 CHF");
    await expect(row).toContainText('Prospect');
    await expect(page.getByText(/^1 candidat$/)).toBeVisible();

    // Edit through the keyboard-reachable Actions button: the e-mail is read-only.
    await row.getByRole('button', { name: `Actions de ${fullName}` }).click();
    await page.getByRole('menuitem', { name: 'Modifier le candidat' }).click();
    const edit = page.getByRole('dialog', { name: 'Modifier le candidat' });
    await expect(edit.getByLabel('E-mail *')).toHaveValue(email);
    await expect(edit.getByLabel('E-mail *')).not.toBeEditable();
    await expect(edit.getByRole('button', { name: 'Femme' })).toHaveAttribute('aria-pressed', 'true');
    await edit.getByLabel('Budget (CHF)').fill('920000');
    await edit.getByLabel('Localité').fill('Lausanne');
    await edit.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText('Candidature modifiée')).toBeVisible();
    await expect(edit).toHaveCount(0);
    await expect(row).toContainText("920'000 CHF");

    // Comments: the empty states, add one, edit it.
    await row.getByRole('button', { name: `Commentaires de ${fullName} (0)` }).click();
    const comments = page.getByRole('dialog', { name: `Commentaires de ${fullName}` });
    await expect(comments.getByText("Le candidat n'a laissé aucun commentaire lors de son inscription")).toBeVisible();
    await expect(comments.getByText('Aucun commentaire', { exact: true })).toBeVisible();
    await expect(comments.getByRole('button', { name: 'Ajouter' })).toBeDisabled();
    await comments.getByLabel('Nouveau commentaire').fill('Cherche un 4.5 pièces au calme');
    await comments.getByRole('button', { name: 'Ajouter' }).click();
    await expect(page.getByText('Commentaire ajouté')).toBeVisible();
    const list = comments.getByRole('list', { name: 'Commentaires' });
    await expect(list.getByText('Cherche un 4.5 pièces au calme')).toBeVisible();
    await comments.getByRole('button', { name: 'Modifier le commentaire' }).click();
    await comments.getByLabel('Commentaire', { exact: true }).fill('Cherche un 5.5 pièces avec jardin');
    await comments.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText('Commentaire modifié')).toBeVisible();
    await expect(list.getByText('Cherche un 5.5 pièces avec jardin')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(comments).toHaveCount(0);
    await expect(row.getByRole('button', { name: `Commentaires de ${fullName} (1)` })).toBeVisible();

    // Files: upload, then the same file again is skipped with the duplicate warning.
    await row.click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'Documents' }).click();
    const files = page.getByRole('dialog', { name: `Documents de ${fullName}` });
    const upload = files.getByLabel('Ajouter des documents');
    await upload.setInputFiles({ name: 'piece-identite.pdf', mimeType: 'application/pdf', buffer: PDF });
    await files.getByRole('button', { name: 'Envoyer' }).click();
    await expect(page.getByText('Document ajouté')).toBeVisible();
    await expect(files.getByRole('row').filter({ hasText: 'piece-identite.pdf' })).toBeVisible();
    await expect(files.getByRole('button', { name: 'Envoyer' })).toBeDisabled();
    await upload.setInputFiles({ name: 'piece-identite.pdf', mimeType: 'application/pdf', buffer: PDF });
    await expect(page.getByText('Doublon ignoré (piece-identite.pdf)')).toBeVisible();
    await expect(files.getByRole('button', { name: 'Envoyer' })).toBeDisabled();

    // Rename before upload.
    await upload.setInputFiles({ name: 'scan.pdf', mimeType: 'application/pdf', buffer: PDF });
    await files.getByRole('button', { name: 'Renommer scan.pdf' }).click();
    await files.getByLabel('Nouveau nom de scan.pdf').fill('Fiche de salaire');
    await expect(files.getByRole('button', { name: 'Envoyer' })).toBeDisabled();
    await files.getByRole('button', { name: 'Valider le nom' }).click();
    await files.getByRole('button', { name: 'Envoyer' }).click();
    await expect(files.getByRole('row').filter({ hasText: 'Fiche de salaire.pdf' })).toBeVisible();

    // Delete one document, after the confirmation.
    await files.getByRole('button', { name: 'Supprimer Fiche de salaire.pdf' }).click();
    const confirm = page.getByRole('dialog', { name: 'Supprimer le document' });
    await expect(confirm.getByText('Voulez-vous vraiment supprimer ce document ?')).toBeVisible();
    await confirm.getByRole('button', { name: 'Supprimer' }).click();
    await expect(files.getByRole('row').filter({ hasText: 'Fiche de salaire.pdf' })).toHaveCount(0);
    await expect(confirm).toHaveCount(0);
    await files.getByRole('button', { name: 'Fermer' }).click();
    await expect(files).toHaveCount(0);
    await expect(row.getByRole('button', { name: `Documents de ${fullName} (1)` })).toBeVisible();

    // Delete the candidate: the warning, then the row is gone.
    await row.getByRole('button', { name: `Actions de ${fullName}` }).click();
    await page.getByRole('menuitem', { name: 'Supprimer le candidat' }).click();
    const remove = page.getByRole('dialog', { name: `Supprimer ${fullName}` });
    await expect(remove.getByText(/définitive/)).toBeVisible();
    await remove.getByRole('button', { name: 'Supprimer' }).click();
    await expect(page.getByText('Candidature supprimée')).toBeVisible();
    await expect(row).toHaveCount(0);
  });

  test("a broker attributes a lot: the lot becomes 'Optionné' on the Lots screen", async ({ page }) => {
    const stamp = Date.now().toString(36);
    const lastName = `Lot${stamp}`;
    const fullName = `Claire ${lastName}`;

    await signIn(page, DEMO_ACCOUNTS.broker);
    await expect(page).toHaveURL(/\/dashboard$/);
    await openCandidates(page);
    await page.getByRole('button', { name: 'Ajouter un candidat' }).click();
    const create = page.getByRole('dialog', { name: 'Ajouter un candidat' });
    await create.getByLabel('Statut *').selectOption({ label: 'Prospect' });
    await create.getByLabel('Priorité *').selectOption({ label: 'A' });
    await create.getByLabel('Prénom *').fill('Claire');
    await create.getByLabel('Nom *', { exact: true }).fill(lastName);
    await create.getByLabel('E-mail *').fill(`claire.${stamp}@exemple.ch`);
    await create.getByRole('button', { name: 'Créer le candidat' }).click();
    await expect(create).toHaveCount(0);
    await search(page, lastName);
    const row = page.getByRole('row').filter({ hasText: fullName });
    await expect(row).toHaveCount(1);

    await row.click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'Attribuer un lot' }).click();
    const dialog = page.getByRole('dialog', { name: `Attribuer un lot à ${fullName}` });
    const lotSelect = dialog.getByLabel('Lot *');
    await expect(lotSelect.locator('option').nth(1)).toBeAttached();
    const labels = await lotSelect.locator('option').allTextContents();
    const available = labels.find((label) => label.endsWith(' – Disponible'));
    expect(available).toBeTruthy();
    const reference = (available ?? '').split(' – ')[0];
    await lotSelect.selectOption({ label: available as string });
    await dialog.getByRole('button', { name: 'Attribuer' }).click();
    await expect(page.getByText('Lot attribué')).toBeVisible();
    await expect(dialog).toHaveCount(0);

    // The candidacy becomes a client; its priority badge names the lot and opens the sales funnel.
    await expect(row).toContainText('Client');
    const badge = row.getByRole('link', { name: new RegExp(`Lot ${reference} : Optionné`) });
    await expect(badge).toBeVisible();
    await badge.click();
    await expect(page).toHaveURL(/\/tunnel-de-vente\?application=\d+/);

    await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Lots' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Lots' })).toBeVisible();
    await page.getByRole('region', { name: 'Filtres' }).getByLabel('Rechercher').fill(reference);
    await expect(page).toHaveURL(/search=/);
    const lotRow = page.getByRole('row').filter({ has: page.getByRole('button', { name: `Actions du lot ${reference}`, exact: true }) });
    await expect(lotRow.getByText('Optionné', { exact: true })).toBeVisible();

    // Clean up: deleting the candidate releases the lot.
    await openCandidates(page);
    await search(page, lastName);
    await row.getByRole('button', { name: `Actions de ${fullName}` }).click();
    await page.getByRole('menuitem', { name: 'Supprimer le candidat' }).click();
    await page
      .getByRole('dialog', { name: `Supprimer ${fullName}` })
      .getByRole('button', { name: 'Supprimer' })
      .click();
    await expect(row).toHaveCount(0);
  });

  test("the rows' menus and badges answer the pointer and the keyboard, each for its own row", async ({ page }) => {
    await signIn(page, DEMO_ACCOUNTS.broker);
    await expect(page).toHaveURL(/\/dashboard$/);
    await openCandidates(page);
    const table = page.getByRole('table');
    const actions = table.getByRole('button', { name: /^Actions de / });
    const firstName = ((await actions.nth(0).getAttribute('aria-label')) ?? '').replace('Actions de ', '');
    const secondName = ((await actions.nth(1).getAttribute('aria-label')) ?? '').replace('Actions de ', '');

    // From the keyboard: the focused 'Actions' button opens its row's menu with Enter; Escape gives the focus back.
    await actions.nth(0).focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem', { name: 'Commentaires' })).toBeVisible();
    await menuHoldsFocus(page);
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await expect(table.getByRole('button', { name: `Actions de ${firstName}` })).toBeFocused();

    // A right-click on a row opens that row's menu, at the pointer; on the headers, none of ours.
    await table
      .getByRole('row')
      .filter({ has: page.getByRole('button', { name: `Actions de ${secondName}` }) })
      .click({ button: 'right' });
    await expect(page.getByRole('menu', { name: `Actions de ${secondName}` })).toBeVisible();
    await menuHoldsFocus(page);
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await table.getByRole('row').first().click({ button: 'right' });
    await expect(menu).toHaveCount(0);

    // An application's badge tells its lot and status on hover.
    const badge = table.getByRole('link', { name: /^Priorité .*, Lot / }).first();
    const description = ((await badge.getAttribute('aria-label')) ?? '').replace(/^Priorité [^,]*, /, '');
    await badge.hover();
    await expect(page.getByRole('tooltip')).toContainText(description);

    // A right-click on another badge opens its row's menu, and the badge's tooltip, still to come,
    // does not come over it to take the Escape meant for the menu.
    await page.mouse.move(0, 0);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('tooltip')).toHaveCount(0);
    await table
      .getByRole('link', { name: /^Priorité .*, Lot / })
      .nth(1)
      .click({ button: 'right' });
    await expect(menu).toHaveCount(1);
    await menuHoldsFocus(page);
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

    test("a tap on a row's 'Actions' button opens its menu at once, and a tap on a badge opens the funnel", async ({ page }) => {
      await signIn(page, DEMO_ACCOUNTS.broker);
      await expect(page).toHaveURL(/\/dashboard$/);
      await page.goto('/candidats');
      const table = page.getByRole('table');
      await expect(table).toBeVisible();
      const actions = table.getByRole('button', { name: /^Actions de / }).first();
      await actions.scrollIntoViewIfNeeded();
      await actions.tap();
      await expect(page.getByRole('menu').getByRole('menuitem', { name: 'Commentaires' })).toBeVisible();
      await page.getByRole('menu').getByRole('menuitem', { name: 'Commentaires' }).tap();
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.keyboard.press('Escape');

      const badge = table.getByRole('link', { name: /^Priorité .*, Lot / }).first();
      await badge.scrollIntoViewIfNeeded();
      await badge.tap();
      await expect(page).toHaveURL(/\/tunnel-de-vente\?application=\d+/);
    });
  });

  test('sorting, the status arrows and the non-retained candidacies', async ({ page }) => {
    await signIn(page, DEMO_ACCOUNTS.broker);
    await expect(page).toHaveURL(/\/dashboard$/);
    await openCandidates(page);

    const header = page.getByRole('columnheader', { name: 'Budget' });
    await header.getByRole('button').click();
    await expect(page).toHaveURL(/orderBy=budget&order=desc/);
    await expect(header).toHaveAttribute('aria-sort', 'descending');
    await header.getByRole('button').click();
    await expect(header).toHaveAttribute('aria-sort', 'ascending');

    const arrows = page.getByRole('group', { name: 'Filtrer par statut' });
    await expect(arrows.getByRole('button', { name: /^Non retenu/ })).toHaveCount(0);
    await arrows.getByRole('button', { name: /^Client acquéreur/ }).click();
    await expect(page).toHaveURL(/status=4/);
    await expect(page.getByRole('button', { name: 'Réinitialiser le filtre' })).toBeVisible();
    const rows = page.getByRole('table').getByRole('row');
    const count = await rows.count();
    for (let i = 1; i < Math.min(count, 6); i += 1) await expect(rows.nth(i)).toContainText('Client acquéreur');

    const nonRetained = page.getByRole('region', { name: 'Filtres' }).getByLabel('Afficher non retenus');
    await nonRetained.click();
    await expect(page).toHaveURL(/showNonRetained=1/);
    await expect(nonRetained).toBeChecked();
    await expect(arrows.getByRole('button', { name: /^Non retenu CP/ })).toBeVisible();
    await page.getByRole('button', { name: 'Réinitialiser le filtre' }).click();
    await expect(page).not.toHaveURL(/status=/);
    await expect(page.getByRole('button', { name: 'Réinitialiser le filtre' })).toHaveCount(0);
  });

  test("a broker downloads 'Liste des candidats' with the table's rows", async ({ page }) => {
    await signIn(page, DEMO_ACCOUNTS.broker);
    await expect(page).toHaveURL(/\/dashboard$/);
    await openCandidates(page);
    await expect(page.getByText(/^\d+ candidats?$/)).toBeVisible();
    const total = await shownTotal(page);
    expect(total).toBeGreaterThan(0);

    const workbook = await downloadWorkbook(page, 'Liste des candidats', '/api/candidacies/download');
    const sheet = workbook.getWorksheet('Liste des candidats');
    expect((sheet?.rowCount ?? 0) - 1).toBe(total);
  });

  test('a broker moves a candidate to the other agency of the multi-agency promotion: irreversible, the current agency excluded', async ({
    page,
  }) => {
    const stamp = Date.now().toString(36);
    const lastName = `Agence${stamp}`;
    const fullName = `Eva ${lastName}`;

    await signIn(page, DEMO_ACCOUNTS.broker);
    await expect(page).toHaveURL(/\/dashboard$/);
    try {
      await choosePromotion(page, 'Quartier des Vergers');
      await openCandidates(page);
      const row = await createCandidate(page, 'Eva', lastName, `eva.${stamp}@exemple.ch`);

      await row.click({ button: 'right' });
      await page.getByRole('menuitem', { name: "Changer d'agence" }).click();
      const dialog = page.getByRole('dialog', { name: `Changer l'agence de ${fullName}` });
      await expect(dialog.getByText(/irréversible/)).toBeVisible();
      const submit = dialog.getByRole('button', { name: "Changer d'agence" });
      await expect(submit).toBeDisabled();
      const agency = dialog.getByLabel('Nouvelle agence *');
      // The current agency (Naef Immobilier, the broker's) is not offered.
      await expect(agency.locator('option')).toHaveText(['Choisir une agence…', "Cardis Sotheby's International Realty"]);
      await agency.selectOption({ label: "Cardis Sotheby's International Realty" });
      await expect(submit).toBeEnabled();
      await submit.click();
      await expect(page.getByText("Candidature déplacée vers l'agence Cardis Sotheby's International Realty")).toBeVisible();
      await expect(dialog).toHaveCount(0);

      // The candidacy left its broker for the other agency: he may only look at it now.
      await expect(row).toContainText("Cardis Sotheby's International Realty");
      await row.getByRole('button', { name: `Actions de ${fullName}` }).click();
      await expect(page.getByRole('menuitem', { name: 'Voir le candidat' })).toBeVisible();
      await expect(page.getByRole('menuitem', { name: "Changer d'agence" })).toHaveCount(0);
      await expect(page.getByRole('menuitem', { name: 'Supprimer le candidat' })).toHaveCount(0);
      await page.keyboard.press('Escape');

      // Clean up as the other agency's broker, who now controls the candidacy.
      await signOut(page);
      await signIn(page, 'courtier2@demo.ch');
      await expect(page).toHaveURL(/\/dashboard$/);
      await choosePromotion(page, 'Quartier des Vergers');
      await openCandidates(page);
      await search(page, lastName);
      await deleteCandidate(page, row, fullName);
    } finally {
      await restorePromotion(page, DEMO_ACCOUNTS.broker, 'Les Terrasses du Lac');
      await restorePromotion(page, 'courtier2@demo.ch', 'Les Terrasses du Lac');
    }
  });

  test('a broker adds a task on a candidate row, sees it on the row and finishes it from the menu', async ({ page }) => {
    const stamp = Date.now().toString(36);
    const lastName = `Tache${stamp}`;
    const fullName = `Hugo ${lastName}`;
    const title = `Rappeler pour la visite ${stamp}`;

    await signIn(page, DEMO_ACCOUNTS.broker);
    await expect(page).toHaveURL(/\/dashboard$/);
    await openCandidates(page);
    const row = await createCandidate(page, 'Hugo', lastName, `hugo.${stamp}@exemple.ch`);

    await row.click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'Ajouter une tâche' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ajouter une tâche' });
    const add = dialog.getByRole('button', { name: 'Ajouter' });
    await expect(add).toBeDisabled();
    await dialog.getByLabel('Titre *').fill(title);
    await add.click();
    await expect(dialog).toHaveCount(0);
    const badge = row.getByRole('button', { name: new RegExp(`^Tâche ${title}`) });
    await expect(badge).toBeVisible();

    await row.click({ button: 'right' });
    await page.getByRole('menuitem', { name: `Terminer : ${title}` }).click();
    await expect(badge).toHaveCount(0);
    await row.click({ button: 'right' });
    await expect(page.getByRole('menuitem', { name: `Terminer : ${title}` })).toHaveCount(0);
    await page.keyboard.press('Escape');

    await deleteCandidate(page, row, fullName);
  });

  test('axe finds no serious or critical violation on the candidates and lots screens', async ({ page }) => {
    await signIn(page, DEMO_ACCOUNTS.broker);
    await expect(page).toHaveURL(/\/dashboard$/);
    await openCandidates(page);
    await expect(page.getByText(/^\d+ candidats?$/)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Lots' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Lots' })).toBeVisible();
    await expect(page.getByText(/^\d+ lots?$/)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // The lot row's attribution dialog, open.
    await page
      .getByRole('button', { name: /^Actions du lot / })
      .first()
      .click();
    await page.getByRole('menuitem', { name: 'Attribuer le lot' }).click();
    await expect(page.getByRole('dialog', { name: /^Attribuer le lot / }).getByLabel('Candidat *')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
