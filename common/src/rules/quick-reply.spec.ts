import { describe, expect, it } from 'vitest';
import { fillQuickReply, matchQuickReplies, quickReplyBlanksIn } from './quick-reply.js';

const all = { name: 'Mona Adel', agent: 'Karim', company: 'Nile Shop', product: 'Blue Dress' };

describe('fillQuickReply', () => {
  it('fills every known blank, each time it appears, tolerating case, spaces and double braces', () => {
    expect(fillQuickReply('Hi {name}, {agent} from {company} here. Your {product} ships today, {NAME}!', all)).toBe('Hi Mona Adel, Karim from Nile Shop here. Your Blue Dress ships today, Mona Adel!');
    expect(fillQuickReply('Hi { Name } / {{name}} / {{ agent }}', all)).toBe('Hi Mona Adel / Mona Adel / Karim');
  });

  it('fills Arabic text the same way', () => {
    expect(fillQuickReply('أهلاً {name}، معك {agent} من {company}', { ...all, name: 'منى', agent: 'كريم', company: 'متجر النيل' })).toBe('أهلاً منى، معك كريم من متجر النيل');
  });

  it('leaves unknown blanks and blanks without a value as typed', () => {
    expect(fillQuickReply('Order {order} for {name} via {company}', { name: 'Mona' })).toBe('Order {order} for Mona via {company}');
    expect(fillQuickReply('{ name', all)).toBe('{ name');
  });

  it('uses a neutral word for a contact without a name, in the language of the text', () => {
    expect(fillQuickReply('Hi {name}, your order is ready.', { name: null })).toBe('Hi there, your order is ready.');
    expect(fillQuickReply('{name}, your order is ready.', { name: '  ' })).toBe('Hello, your order is ready.');
    expect(fillQuickReply('أهلاً {name}، طلبك جاهز', { name: null })).toBe('أهلاً عميلنا العزيز، طلبك جاهز');
  });

  it('drops an empty product with one of its spaces, never leaving a double space or a hanging one', () => {
    expect(fillQuickReply('Your {product} order is ready', { product: '' })).toBe('Your order is ready');
    expect(fillQuickReply('Thanks for ordering {product}.', { product: '' })).toBe('Thanks for ordering.');
    expect(fillQuickReply('{product} is back in stock', { product: '' })).toBe('is back in stock');
    expect(fillQuickReply('طلبك {product} جاهز', { product: '' })).toBe('طلبك جاهز');
  });

  it('never fills a value into itself twice (a name holding braces stays literal)', () => {
    expect(fillQuickReply('Hi {name}', { name: '{agent}', agent: 'Karim' })).toBe('Hi {agent}');
  });
});

describe('quickReplyBlanksIn', () => {
  it('lists the known blanks a text uses, once each', () => {
    expect(quickReplyBlanksIn('Hi {name} {order} {Name} {{product}}')).toEqual(['name', 'product']);
    expect(quickReplyBlanksIn('No blanks')).toEqual([]);
  });
});

describe('matchQuickReplies', () => {
  const items = [
    { title: 'Greeting', text: 'Hello {name}, how can we help?' },
    { title: 'Shipping time', text: 'Shipping takes 2-3 days.' },
    { title: 'Returns', text: 'Free shipping on returns.' },
    { title: 'أسعار الشحن', text: 'الشحن لكل المحافظات' },
  ];

  it('everything for an empty query, in the list order', () => {
    expect(matchQuickReplies(items, ' ')).toEqual(items);
  });

  it('titles starting with the query first, then titles holding it, then texts', () => {
    expect(matchQuickReplies(items, 'SHIP').map((i) => i.title)).toEqual(['Shipping time', 'Returns']);
    expect(matchQuickReplies(items, 'time').map((i) => i.title)).toEqual(['Shipping time']);
    expect(matchQuickReplies(items, 'nothing')).toEqual([]);
  });

  it('folds Arabic letter forms as message search does', () => {
    expect(matchQuickReplies(items, 'اسعار').map((i) => i.title)).toEqual(['أسعار الشحن']);
  });
});
