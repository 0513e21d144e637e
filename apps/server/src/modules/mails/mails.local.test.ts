import { MESSAGES } from '@promovente/shared';
import { type DefaultTreeAdapterTypes, parse } from 'parse5';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, createUser, signIn } from '../../test/fixtures.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { makeApplication, pipelineDesk, run } from '../pipeline/pipeline.fixtures.js';

// The local mailbox (docs/decisions/027-local-mailbox-and-administration-actions.md): on a local
// run without SMTP, admins read each kept e-mail whole and follow its links. The HTML part is
// read here by parse5, the HTML parser of the WHATWG specification (not our code).

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ config: { localMailbox: true } });
});
afterAll(() => ctx.close());
beforeEach(() => ctx.reset());

type Node = DefaultTreeAdapterTypes.ChildNode | DefaultTreeAdapterTypes.Document;
const elements = (node: Node, tag: string): DefaultTreeAdapterTypes.Element[] => {
  const found: DefaultTreeAdapterTypes.Element[] = [];
  const visit = (current: Node) => {
    if ('tagName' in current && current.tagName === tag) found.push(current);
    if ('childNodes' in current) for (const child of current.childNodes) visit(child);
  };
  visit(node);
  return found;
};
const hrefOf = (anchor: DefaultTreeAdapterTypes.Element) => anchor.attrs.find((attr) => attr.name === 'href')?.value ?? '';

const adminMails = async () => {
  const admin = await createUser(ctx.database.db, 'broker', { admin: true });
  const response = await ctx.app.inject({ method: 'GET', url: '/api/admin/mails', headers: bearer(await signIn(ctx.app, admin.email)) });
  expect(response.statusCode).toBe(200);
  return response.json();
};

describe('GET admin/mails on the local mailbox', () => {
  it('gives the reset e-mail whole, its link a working link: following it sets the password', async () => {
    const broker = await createUser(ctx.database.db, 'broker');
    await ctx.app.inject({ method: 'POST', url: '/api/password/create', payload: { email: broker.email } });
    const body = await adminMails();
    expect(body.local_mailbox).toBe(true);
    const [mail] = body.data;
    expect(mail.to).toEqual([broker.email]);
    expect(mail.text).not.toContain('[masqué]');

    const anchors = elements(parse(mail.html), 'a');
    expect(anchors).toHaveLength(1);
    const link = new URL(hrefOf(anchors[0]));
    expect(link.pathname).toMatch(/^\/password\/update\/[A-Za-z0-9_-]{40,}$/);
    expect(link.searchParams.get('email')).toBe(broker.email);

    const token = link.pathname.split('/').at(-1);
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/password/reset',
      payload: { email: broker.email, password: 'boite-locale-1', password_confirmation: 'boite-locale-1', token },
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().message).toBe(MESSAGES.passwordReset);
    await signIn(ctx.app, broker.email, 'boite-locale-1');
  });

  it('gives an HTML part that runs nothing: what a broker typed is text, only the product’s addresses and e-mail addresses are links', async () => {
    const desk = await pipelineDesk(ctx);
    const { application } = await makeApplication(desk);
    const hostile = 'Bonjour,\n<script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)">ici</a>';
    const sent = await run(ctx.app, await desk.as(desk.broker), 'sendReservationForm', application.id, {
      subject: 'Votre formulaire',
      body: hostile,
    });
    expect(sent.statusCode).toBe(200);
    const mail = (await adminMails()).data.find((m: { subject: string }) => m.subject === 'Votre formulaire');
    const document = parse(mail.html);
    expect(elements(document, 'script')).toEqual([]);
    expect(elements(document, 'img')).toEqual([]);
    const hrefs = elements(document, 'a').map(hrefOf);
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs) expect(href).toMatch(/^(http:\/\/localhost:3000\/|mailto:)/);
    expect(hrefs.some((href) => href.includes('/candidate/form/'))).toBe(true);
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('is still refused to a broker without the admin flag', async () => {
    const broker = await createUser(ctx.database.db, 'broker');
    const response = await ctx.app.inject({ method: 'GET', url: '/api/admin/mails', headers: bearer(await signIn(ctx.app, broker.email)) });
    expect(response.statusCode).toBe(403);
  });
});
