import { KeyboardCode, type KeyboardCoordinateGetter } from '@dnd-kit/core';

interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

const centreX = (box: Box) => box.left + box.width / 2;

/**
 * Where the lifted card goes when an arrow key is pressed: left/right jump to the centre of the
 * next column on that side (by what is on screen, so Arabic's right-to-left row needs no special
 * case), up/down nudge it within its column. One press per column, instead of dnd-kit's 25 px steps.
 */
export function nextColumnCoordinates(key: string, card: Box, columns: Box[], current: { x: number; y: number }): { x: number; y: number } | undefined {
  if (key === KeyboardCode.Up) return { x: current.x, y: current.y - 25 };
  if (key === KeyboardCode.Down) return { x: current.x, y: current.y + 25 };
  if (key !== KeyboardCode.Right && key !== KeyboardCode.Left) return undefined;
  const from = centreX(card);
  const onThatSide = columns.filter((column) => (key === KeyboardCode.Right ? centreX(column) > from + 1 : centreX(column) < from - 1));
  if (onThatSide.length === 0) return undefined;
  const target = onThatSide.reduce((best, column) => (Math.abs(centreX(column) - from) < Math.abs(centreX(best) - from) ? column : best));
  // keep the card's height, but inside the target column so it counts as over it
  const top = Math.min(Math.max(card.top, target.top), target.top + Math.max(0, target.height - card.height));
  return { x: current.x + (centreX(target) - from), y: current.y + (top - card.top) };
}

export const columnKeyboardCoordinates: KeyboardCoordinateGetter = (event, { currentCoordinates, context }) => {
  const card = context.collisionRect;
  if (!card) return undefined;
  const columns = [...context.droppableRects.values()];
  const next = nextColumnCoordinates(event.code, card, columns, currentCoordinates);
  if (next) event.preventDefault();
  return next;
};
