/** The time source of every rule that depends on "now", so tests can move time instead of waiting. */
export abstract class Clock {
  abstract now(): Date;
}

export class SystemClock extends Clock {
  now() {
    return new Date();
  }
}

/** A clock tests can set and move forward. */
export class ManualClock extends Clock {
  constructor(private current = new Date()) {
    super();
  }
  now() {
    return new Date(this.current);
  }
  set(date: Date) {
    this.current = new Date(date);
  }
  advance(ms: number) {
    this.current = new Date(this.current.getTime() + ms);
  }
}
