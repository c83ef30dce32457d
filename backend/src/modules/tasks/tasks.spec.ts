import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/test-app.js';
import { seedCompany, signIn, type SeededCompany } from '../../../test/fixtures.js';
import { connectSocket, startMessengerApp } from '../../../test/messenger.js';

let t: TestApp;
let acme: SeededCompany;
let globex: SeededCompany;
const token = { admin: '', rep1: '', rep2: '', globexAdmin: '', globexRep: '' };

beforeAll(async () => {
  t = await startMessengerApp();
  // 23:30 on 9 March in Cairo, 21:30 UTC
  t.clock.set(new Date('2026-03-09T21:30:00Z'));
  acme = await seedCompany(t, 'acme', { sales: 2 });
  globex = await seedCompany(t, 'globex', { sales: 1 });
  token.admin = await signIn(t, acme.admin.email);
  token.rep1 = await signIn(t, acme.sales[0].email);
  token.rep2 = await signIn(t, acme.sales[1].email);
  token.globexAdmin = await signIn(t, globex.admin.email);
  token.globexRep = await signIn(t, globex.sales[0].email);
}, 60_000);
afterAll(() => t?.close());

const titles = (res: { body: any }) => res.body.data.items.map((task: { title: string }) => task.title);
const bell = async (tok: string) => (await t.api.get('/notifications', { token: tok })).body.data.items as { text: string; link: string | null }[];

describe('team tasks (admin)', () => {
  it('an admin creates a task for a rep; the rep is notified with a link to it, live and in the bell', async () => {
    const socket = await connectSocket(t, token.rep1);
    try {
      const res = await t.api.post('/tasks', { title: ' Call Ahmed back ', description: 'About the blue sofa', dueDate: '2026-03-12', assignedTo: acme.sales[0].id }, { token: token.admin });
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({
        title: 'Call Ahmed back',
        description: 'About the blue sofa',
        dueDate: '2026-03-12',
        status: 'pending',
        assignedTo: { _id: acme.sales[0].id, name: acme.sales[0].name },
        createdBy: { _id: acme.admin.id, name: acme.admin.name },
        comments: [],
      });
      const link = `/my-tasks?task=${res.body.data._id}`;
      const pushed = await socket.waitFor('new_notification', (n) => n.link === link);
      expect(pushed.text).toContain('Call Ahmed back');
      expect((await bell(token.rep1)).map((n) => n.link)).toContain(link);
      expect((await bell(token.rep2)).map((n) => n.link)).not.toContain(link);
    } finally {
      socket.close();
    }
  });

  it('requires a title and an active assignee of the company', async () => {
    const cases: [unknown, string, string | undefined][] = [
      [{ assignedTo: acme.sales[0].id }, 'title', undefined],
      [{ title: '   ', assignedTo: acme.sales[0].id }, 'title', undefined],
      [{ title: 'X' }, 'assignedTo', undefined],
      [{ title: 'X', assignedTo: globex.sales[0].id }, 'assignedTo', 'task.assignee_invalid'],
      [{ title: 'X', assignedTo: acme.sales[0].id, dueDate: '12/03/2026' }, 'dueDate', undefined],
    ];
    for (const [body, field, code] of cases) {
      const res = await t.api.post('/tasks', body, { token: token.admin });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.field).toBe(field);
      if (code) expect(res.body.code).toBe(code);
    }
    expect((await t.api.post('/tasks', { title: 'Y', assignedTo: acme.sales[0].id }, { token: token.admin })).body.data.description).toBeNull();
  });

  it('lists every task of the company newest first, with filters by status and assignee', async () => {
    await t.api.post('/tasks', { title: 'Visit the warehouse', assignedTo: acme.sales[1].id }, { token: token.admin });
    const all = await t.api.get('/tasks', { token: token.admin });
    expect(all.status).toBe(200);
    expect(titles(all)).toEqual(['Visit the warehouse', 'Y', 'Call Ahmed back']);
    expect(all.body.data.total).toBe(3);
    expect(titles(await t.api.get(`/tasks?assignedTo=${acme.sales[1].id}`, { token: token.admin }))).toEqual(['Visit the warehouse']);
    expect((await t.api.get('/tasks?status=completed', { token: token.admin })).body.data).toEqual({ items: [], total: 0 });
  });

  it('an admin comments (blank comments are not stored) and the assignee is notified; reassigning notifies the new assignee', async () => {
    const task = (await t.api.get('/tasks', { token: token.admin })).body.data.items.find((x: any) => x.title === 'Visit the warehouse');
    const before = (await bell(token.rep2)).length;
    const blank = await t.api.patch(`/tasks/${task._id}`, { comment: '   \n ' }, { token: token.admin });
    expect(blank.status).toBe(200);
    expect(blank.body.data.comments).toEqual([]);
    expect(await bell(token.rep2)).toHaveLength(before);

    const commented = await t.api.patch(`/tasks/${task._id}`, { comment: '  Bring the invoices  ' }, { token: token.admin });
    expect(commented.body.data.comments).toEqual([expect.objectContaining({ userId: acme.admin.id, userName: acme.admin.name, text: 'Bring the invoices', createdAt: '2026-03-09T21:30:00.000Z' })]);
    const rep2Bell = await bell(token.rep2);
    expect(rep2Bell).toHaveLength(before + 1);
    expect(rep2Bell[0]).toMatchObject({ link: `/my-tasks?task=${task._id}` });
    expect(rep2Bell[0].text).toContain('commented');

    const moved = await t.api.patch(`/tasks/${task._id}`, { assignedTo: acme.sales[0].id, status: 'completed' }, { token: token.admin });
    expect(moved.body.data).toMatchObject({ assignedTo: { _id: acme.sales[0].id }, status: 'completed' });
    expect((await bell(token.rep1))[0]).toMatchObject({ link: `/my-tasks?task=${task._id}` });
    expect((await t.api.patch(`/tasks/${task._id}`, { assignedTo: globex.sales[0].id }, { token: token.admin })).body.code).toBe('task.assignee_invalid');
    // back to rep 2 for the next tests
    await t.api.patch(`/tasks/${task._id}`, { assignedTo: acme.sales[1].id, status: 'pending' }, { token: token.admin });
  });

  it('an admin deletes a task', async () => {
    const created = await t.api.post('/tasks', { title: 'Mistake', assignedTo: acme.sales[0].id }, { token: token.admin });
    const res = await t.api.delete(`/tasks/${created.body.data._id}`, { token: token.admin });
    expect(res.body.data).toEqual({ message: 'Task deleted.' });
    const again = await t.api.delete(`/tasks/${created.body.data._id}`, { token: token.admin });
    expect(again.status).toBe(404);
    expect(again.body.code).toBe('task.not_found');
  });
});

describe('my tasks (sales)', () => {
  it('a rep sees only the tasks assigned to them', async () => {
    const mine = await t.api.get('/tasks/my', { token: token.rep1 });
    expect(mine.status).toBe(200);
    expect(titles(mine)).toEqual(['Y', 'Call Ahmed back']);
    expect(titles(await t.api.get('/tasks/my', { token: token.rep2 }))).toEqual(['Visit the warehouse']);
  });

  it("creates one's own task: title required, due date optional and not before today in Cairo", async () => {
    const noTitle = await t.api.post('/tasks/my', { title: '  ' }, { token: token.rep1 });
    expect(noTitle.status).toBe(400);
    expect(noTitle.body).toMatchObject({ error: 'Title is required.', field: 'title' });

    // 23:30 in Cairo on 9 March: the 9th is still today, the 8th is not
    const today = await t.api.post('/tasks/my', { title: 'Tonight', dueDate: '2026-03-09' }, { token: token.rep1 });
    expect(today.status).toBe(201);
    expect(today.body.data).toMatchObject({ dueDate: '2026-03-09', assignedTo: { _id: acme.sales[0].id }, createdBy: { _id: acme.sales[0].id } });
    const past = await t.api.post('/tasks/my', { title: 'Late', dueDate: '2026-03-08' }, { token: token.rep1 });
    expect(past.status).toBe(400);
    expect(past.body).toMatchObject({ code: 'task.due_date_past', field: 'dueDate' });

    // one hour later it is 00:30 on 10 March in Cairo (still the 9th in UTC): the 9th is now past
    t.clock.set(new Date('2026-03-09T22:30:00Z'));
    try {
      const yesterday = await t.api.post('/tasks/my', { title: 'Too late', dueDate: '2026-03-09' }, { token: token.rep1 });
      expect(yesterday.status).toBe(400);
      expect(yesterday.body.code).toBe('task.due_date_past');
      const noDate = await t.api.post('/tasks/my', { title: 'Someday', description: '', dueDate: '' }, { token: token.rep1 });
      expect(noDate.status).toBe(201);
      expect(noDate.body.data).toMatchObject({ dueDate: null, description: null });
    } finally {
      t.clock.set(new Date('2026-03-09T21:30:00Z'));
    }
    // a task a rep creates for themselves rings no bell
    expect((await bell(token.rep1)).some((n) => n.text.includes('Tonight'))).toBe(false);
  });

  it('a rep completes their own task with a comment; the admin sees it completed with the comment', async () => {
    const task = (await t.api.get('/tasks/my', { token: token.rep1 })).body.data.items.find((x: any) => x.title === 'Call Ahmed back');
    const res = await t.api.patch(`/tasks/${task._id}`, { status: 'completed', comment: ' Called, he will pay on Sunday ' }, { token: token.rep1 });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'completed', comments: [expect.objectContaining({ userName: acme.sales[0].name, text: 'Called, he will pay on Sunday' })] });
    // commenting on one's own task notifies nobody
    expect((await bell(token.rep1)).some((n) => n.text.includes('commented'))).toBe(false);
    const seen = (await t.api.get('/tasks?status=completed', { token: token.admin })).body.data.items;
    expect(seen.map((x: any) => [x.title, x.status, x.comments.map((c: any) => c.text)])).toEqual([['Call Ahmed back', 'completed', ['Called, he will pay on Sunday']]]);
    // without a comment, the status alone; a blank comment stores nothing
    const back = await t.api.patch(`/tasks/${task._id}`, { status: 'pending', comment: '  ' }, { token: token.rep1 });
    expect(back.body.data).toMatchObject({ status: 'pending' });
    expect(back.body.data.comments).toHaveLength(1);
  });

  it("a rep never sees or changes another rep's task, and cannot reassign their own", async () => {
    const rep2Task = (await t.api.get('/tasks/my', { token: token.rep2 })).body.data.items[0];
    const res = await t.api.patch(`/tasks/${rep2Task._id}`, { status: 'completed', comment: 'mine now' }, { token: token.rep1 });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('task.not_found');
    const after = (await t.api.get('/tasks/my', { token: token.rep2 })).body.data.items[0];
    expect(after).toMatchObject({ status: rep2Task.status, comments: rep2Task.comments });

    const own = (await t.api.get('/tasks/my', { token: token.rep1 })).body.data.items[0];
    const reassign = await t.api.patch(`/tasks/${own._id}`, { assignedTo: acme.sales[1].id }, { token: token.rep1 });
    expect(reassign.status).toBe(403);
    expect(reassign.body.code).toBe('task.reassign_refused');
    expect(titles(await t.api.get('/tasks/my', { token: token.rep2 }))).not.toContain(own.title);
  });

  it('sales users cannot use the team routes, and admins have no My Tasks', async () => {
    const any = (await t.api.get('/tasks', { token: token.admin })).body.data.items[0]._id;
    for (const res of [
      await t.api.get('/tasks', { token: token.rep1 }),
      await t.api.post('/tasks', { title: 'X', assignedTo: acme.sales[0].id }, { token: token.rep1 }),
      await t.api.delete(`/tasks/${any}`, { token: token.rep1 }),
      await t.api.get('/tasks/my', { token: token.admin }),
      await t.api.post('/tasks/my', { title: 'X' }, { token: token.admin }),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('permission_denied');
    }
    expect((await t.api.get('/tasks')).status).toBe(401);
    expect((await t.api.get('/tasks', { token: token.admin })).body.data.items.map((x: any) => x._id)).toContain(any);
  });
});

describe('another company', () => {
  it('sees none of these tasks and cannot change or delete them', async () => {
    const task = (await t.api.get('/tasks', { token: token.admin })).body.data.items[0];
    expect((await t.api.get('/tasks', { token: token.globexAdmin })).body.data).toEqual({ items: [], total: 0 });
    expect((await t.api.get('/tasks/my', { token: token.globexRep })).body.data).toEqual({ items: [], total: 0 });
    for (const res of [
      await t.api.patch(`/tasks/${task._id}`, { status: 'completed', comment: 'x', assignedTo: globex.sales[0].id }, { token: token.globexAdmin }),
      await t.api.patch(`/tasks/${task._id}`, { status: 'completed' }, { token: token.globexRep }),
      await t.api.delete(`/tasks/${task._id}`, { token: token.globexAdmin }),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('task.not_found');
    }
    // nor hand a task of theirs to another company's user
    expect((await t.api.post('/tasks', { title: 'X', assignedTo: acme.sales[0].id }, { token: token.globexAdmin })).body.code).toBe('task.assignee_invalid');
    const unchanged = (await t.api.get('/tasks', { token: token.admin })).body.data.items[0];
    expect(unchanged).toEqual(task);
  });
});
