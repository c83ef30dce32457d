import { describe, expect, it } from 'vitest';
import { nextColumnCoordinates } from './column-keyboard';

const columns = [0, 300, 600].map((left) => ({ left, top: 100, width: 280, height: 600 }));
const card = { left: 10, top: 150, width: 260, height: 80 };

describe('one arrow press per column on the deal board', () => {
  it('carries the lifted card to the centre of the next column on the right, and back', () => {
    const right = nextColumnCoordinates('ArrowRight', card, columns, { x: 10, y: 150 });
    expect(right).toEqual({ x: 310, y: 150 });
    const moved = { ...card, left: 310 };
    expect(nextColumnCoordinates('ArrowLeft', moved, columns, right!)).toEqual({ x: 10, y: 150 });
  });

  it('stays put at the last column and ignores other keys', () => {
    const last = { ...card, left: 610 };
    expect(nextColumnCoordinates('ArrowRight', last, columns, { x: 610, y: 150 })).toBeUndefined();
    expect(nextColumnCoordinates('KeyA', card, columns, { x: 10, y: 150 })).toBeUndefined();
  });

  it('brings a card from below a short column up inside it', () => {
    const short = [columns[0]!, { left: 300, top: 100, width: 280, height: 120 }];
    const low = { ...card, top: 500 };
    expect(nextColumnCoordinates('ArrowRight', low, short, { x: 10, y: 500 })).toEqual({ x: 310, y: 140 });
  });
});
