import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/test-app.js';
import { signIn } from '../../../test/fixtures.js';
import { connectWhatsApp, sleep, startMessengerApp } from '../../../test/messenger.js';
import { DEMO_PASSWORD, DEMO_USERS } from '../demo/demo-accounts.js';
import { DEMO_CHATS } from './demo-chats.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await startMessengerApp({ env: { DEMO: '1' } });
});
afterAll(() => t?.close());

describe('demo', () => {
  it('the first connection of the demo company brings in a few scripted chats, as leads dealt round-robin', async () => {
    const token = await signIn(t, DEMO_USERS[0].email, DEMO_PASSWORD);
    await connectWhatsApp(t, token);
    const names = new Set(DEMO_CHATS.map((c) => c.name));
    let chats: { name: string; assignedTo: { _id: string } | null; lastMessagePreview: string }[] = [];
    for (let i = 0; i < 200; i++) {
      chats = (await t.api.get('/chats?limit=200', { token })).body.data.items.filter((c: { name: string }) => names.has(c.name));
      if (chats.length === names.size) break;
      await sleep(25);
    }
    expect(chats.map((c) => c.name).sort()).toEqual([...names].sort());
    expect(chats.find((c) => c.name === 'Mona Hassan')!.lastMessagePreview).toBe('وممكن الدفع عند الاستلام؟');
    expect(new Set(chats.map((c) => c.assignedTo?._id)).size).toBe(2);
  });
});
