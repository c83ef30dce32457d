import { LANGUAGES, type Chat } from '@crm/common';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/AppProviders';
import { applyPreferences } from '../../../i18n';
import { catalogueText } from '../../../test/catalogue';
import { makeChat } from '../testing';
import { CHAT_ROW_HEIGHT, ChatList } from './ChatList';

const VIEWPORT = { width: 360, height: 720 };

// jsdom lays nothing out: the list's scroll box reports the viewport the virtualiser should fill.
const clientHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
const clientWidth = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth');
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => VIEWPORT.height });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => VIEWPORT.width });
});
afterAll(() => {
  if (clientHeight) Object.defineProperty(HTMLElement.prototype, 'clientHeight', clientHeight);
  if (clientWidth) Object.defineProperty(HTMLElement.prototype, 'clientWidth', clientWidth);
});

function chats(count: number): Chat[] {
  const base = Date.parse('2026-11-22T12:00:00.000Z');
  return Array.from({ length: count }, (_, i) =>
    makeChat({ _id: `chat-${String(i).padStart(6, '0')}`, name: `Contact ${i}`, lastMessageAt: new Date(base - i * 60_000).toISOString(), unreadCount: i % 7 === 0 ? 2 : 0 }),
  );
}

function renderList(items: Chat[], props: Partial<Parameters<typeof ChatList>[0]> = {}) {
  const onSelect = vi.fn();
  const onLoadMore = vi.fn();
  const view = render(
    <AppProviders env="test">
      <div style={{ height: VIEWPORT.height, display: 'flex' }}>
        <ChatList items={items} total={items.length} hasMore={false} loadingMore={false} selectedId={null} onSelect={onSelect} onLoadMore={onLoadMore} initialRect={VIEWPORT} {...props} />
      </div>
    </AppProviders>,
  );
  return { ...view, onSelect, onLoadMore };
}

describe('chat list (virtualised)', { timeout: 20_000 }, () => {
  it('renders only a window of rows out of 100,000 conversations, and the window follows the scroll', async () => {
    const items = chats(100_000);
    const { container } = renderList(items);
    const rows = screen.getAllByRole('listitem');
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.length).toBeLessThan(40);
    expect(rows[0]).toHaveAttribute('aria-setsize', '100000');
    expect(screen.getByRole('list', { name: 'Chats (100,000)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Contact 0, 2 unread/ })).toBeInTheDocument();
    // The scroll area is as tall as all the rows.
    expect((screen.getByRole('list') as HTMLElement).style.blockSize).toBe(`${100_000 * CHAT_ROW_HEIGHT}px`);

    const scroller = container.querySelector<HTMLElement>('[role="list"]')!.parentElement!;
    scroller.scrollTop = 50_000 * CHAT_ROW_HEIGHT;
    fireEvent.scroll(scroller);
    expect(await screen.findByRole('button', { name: /^Contact 50000,/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Contact 0,/ })).not.toBeInTheDocument();
    expect(screen.getAllByRole('listitem').length).toBeLessThan(40);
  });

  it('asks for the next page near the end of the loaded rows', async () => {
    const { onLoadMore } = renderList(chats(8), { hasMore: true, total: 500 });
    await waitFor(() => expect(onLoadMore).toHaveBeenCalled());
    expect(screen.getByRole('button', { name: 'Load more chats' })).toBeInTheDocument();
  });

  it('selects with a click, shows unread badges except on the open chat, and moves with the arrow keys', async () => {
    const items = chats(30);
    const { onSelect } = renderList(items, { selectedId: items[7]!._id });
    const user = userEvent.setup();
    const selected = screen.getByRole('button', { name: /^Contact 7,/ });
    expect(selected).toHaveAttribute('aria-current', 'true');
    // no badge and no "unread" in its name (its date label may well hold a 2)
    expect(within(selected).queryByTestId('unread-badge')).toBeNull();
    expect(selected).not.toHaveAttribute('data-unread');
    expect(selected.getAttribute('aria-label')).not.toMatch(/unread/);
    expect(screen.getByRole('button', { name: /^Contact 14, 2 unread/ })).toBeInTheDocument();
    // One tab stop: the open conversation.
    expect(selected).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('button', { name: /^Contact 8,/ })).toHaveAttribute('tabindex', '-1');

    await user.click(screen.getByRole('button', { name: /^Contact 3,/ }));
    expect(onSelect).toHaveBeenCalledWith(items[3]);
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(screen.getByRole('button', { name: /^Contact 4,/ })).toHaveFocus());
    await user.keyboard('{Enter}');
    expect(onSelect).toHaveBeenLastCalledWith(items[4]);
  });
});

describe.each(LANGUAGES)('a chat whose last message is a line WhatsApp wrote, in %s', (language) => {
  const text = (key: string, values?: Record<string, string | number>) => catalogueText(language, key, values);

  it("previews the line in the reader's language, not the stored English, the new number left to right", () => {
    applyPreferences({ language });
    const changed = makeChat({
      _id: 'chat-changed',
      name: 'Samir',
      lastMessagePreview: 'This contact changed their number to +201009995500.',
      lastMessageSystemEvent: { code: 'number_changed', params: { phone: '+201009995500' } },
    });
    const moved = makeChat({ _id: 'chat-moved', name: 'Hala', lastMessagePreview: "This contact's WhatsApp account id changed.", lastMessageSystemEvent: { code: 'user_id_changed', params: {} } });
    // a server before the code: its English preview as it was
    const older = makeChat({ _id: 'chat-older', name: 'Karim', lastMessagePreview: 'This contact changed their number to +201009995511.' });
    renderList([changed, moved, older]);

    const numberLine = text('messenger:systemEvents.numberChanged', { phone: '\u2066+201009995500\u2069' });
    const samir = screen.getByRole('button', { name: /^Samir/ });
    expect(samir).toHaveTextContent(numberLine);
    expect(samir.getAttribute('aria-label')).toContain(numberLine);
    expect(within(samir).queryByTestId('unread-badge')).toBeNull();
    expect(screen.getByRole('button', { name: /^Hala/ })).toHaveTextContent(text('messenger:systemEvents.userIdChanged'));
    expect(screen.getByRole('button', { name: /^Karim/ })).toHaveTextContent('This contact changed their number to +201009995511.');
    if (language === 'ar') expect(document.body).not.toHaveTextContent('This contact changed their number to +201009995500.');
  });
});
