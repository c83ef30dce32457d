import { describe, expect, it } from 'vitest';
import { compareChats, mergeChats, mergeIntoConversation, mergeMessage, type ChatListState, type Conversation } from './merge';
import { makeChat, makeMessage } from './testing';

const list = (overrides: Partial<ChatListState>): ChatListState => ({ items: [], total: 0, nextCursor: null, query: '', status: 'ready', error: null, loadingMore: false, ...overrides });
const at = (minute: number) => `2026-11-22T10:${String(minute).padStart(2, '0')}:00.000Z`;

describe('chat list merging', () => {
  it('orders like the server: newest last message first, chats without messages last', () => {
    const a = makeChat({ lastMessageAt: at(5) });
    const b = makeChat({ lastMessageAt: at(9) });
    const c = makeChat({ lastMessageAt: null });
    expect([a, c, b].sort(compareChats)).toEqual([b, a, c]);
  });

  it('moves a conversation with a new message to the top and inserts a new one', () => {
    const first = makeChat({ name: 'First', lastMessageAt: at(9) });
    const second = makeChat({ name: 'Second', lastMessageAt: at(5) });
    const state = list({ items: [first, second], total: 2 });
    const moved = mergeChats(state, [{ ...second, lastMessageAt: at(12), unreadCount: 1 }]);
    expect(moved.items.map((c) => c.name)).toEqual(['Second', 'First']);
    expect(moved.items[0]!.unreadCount).toBe(1);
    expect(moved.total).toBe(2);

    const fresh = makeChat({ name: 'New lead', lastMessageAt: at(15) });
    const added = mergeChats(moved, [fresh]);
    expect(added.items.map((c) => c.name)).toEqual(['New lead', 'Second', 'First']);
    expect(added.total).toBe(3);
  });

  it('leaves a conversation beyond the loaded pages to the paging, and does not add unknown ones to a search', () => {
    const first = makeChat({ lastMessageAt: at(9) });
    const paged = list({ items: [first], total: 50, nextCursor: 'next' });
    expect(mergeChats(paged, [makeChat({ lastMessageAt: at(1) })]).items).toHaveLength(1);

    const searching = list({ items: [first], total: 1, query: 'mona' });
    expect(mergeChats(searching, [makeChat({ lastMessageAt: at(30) })]).items).toEqual([first]);
    expect(mergeChats(searching, [{ ...first, unreadCount: 4 }]).items[0]!.unreadCount).toBe(4);
  });

  it('drops a conversation the user no longer sees (given to another rep), and never adds one', () => {
    const mine = makeChat({ name: 'Mine', lastMessageAt: at(9), assignedTo: { _id: 'me', name: 'Me' } });
    const gone = makeChat({ name: 'Reassigned', lastMessageAt: at(5), assignedTo: { _id: 'me', name: 'Me' } });
    const state = list({ items: [mine, gone], total: 2 });
    const onlyMine = (chat: { assignedTo: { _id: string } | null }) => chat.assignedTo?._id === 'me';
    const after = mergeChats(state, [{ ...gone, assignedTo: { _id: 'other', name: 'Other' } }], onlyMine);
    expect(after.items.map((c) => c.name)).toEqual(['Mine']);
    expect(after.total).toBe(1);
    expect(mergeChats(after, [makeChat({ lastMessageAt: at(20), assignedTo: { _id: 'other', name: 'Other' } })], onlyMine).items).toHaveLength(1);
  });
});

describe('message merging', () => {
  const conversation = (items = [makeMessage()]): Conversation => ({ items, total: items.length, hasMore: false, nextCursor: null, status: 'ready', error: null, loadingOlder: false });

  it('never goes back: acks only rise, a sent message does not return to pending, a deletion sticks', () => {
    const sent = makeMessage({ direction: 'out', status: 'sent', ack: 3 });
    expect(mergeMessage(sent, { ...sent, status: 'pending', ack: 0 })).toMatchObject({ status: 'sent', ack: 3 });
    expect(mergeMessage({ ...sent, deleted: true }, sent).deleted).toBe(true);
    const failed = { ...sent, status: 'failed' as const, ack: 0 };
    expect(mergeMessage(failed, { ...failed, status: 'pending' }).status).toBe('pending');
  });

  it('replaces the pending copy by clientId, appends new messages in time order, and removes hidden ones', () => {
    const local = makeMessage({ _id: 'local:c1', clientId: 'c1', direction: 'out', status: 'pending', createdAt: at(10) });
    const start = conversation([makeMessage({ createdAt: at(1) }), local]);
    const stored = makeMessage({ clientId: 'c1', direction: 'out', status: 'pending', createdAt: at(10) });
    const replaced = mergeIntoConversation(start, stored, 'new');
    expect(replaced.items.map((m) => m._id)).toEqual([start.items[0]!._id, stored._id]);
    expect(replaced.total).toBe(2);

    const inbound = makeMessage({ createdAt: at(11) });
    const appended = mergeIntoConversation(replaced, inbound, 'new');
    expect(appended.items.at(-1)!._id).toBe(inbound._id);
    expect(mergeIntoConversation(appended, makeMessage(), 'update')).toBe(appended);

    const hidden = mergeIntoConversation(appended, { ...inbound, hidden: true }, 'update');
    expect(hidden.items.map((m) => m._id)).not.toContain(inbound._id);
  });
});
