import { Injectable, Logger } from '@nestjs/common';

/**
 * Every in-process domain event, by name. Empty here on purpose: platform imports no module, so
 * each module declares its own events beside its code by declaration merging, e.g.
 *
 *   declare module '../../platform/events/domain-events.js' {
 *     interface DomainEventMap { 'contacts.reassigned': { tenantId: string; … } }
 *   }
 *
 * The emitter owns the payload type; a listener in a module above it reads the name and payload
 * from this one map, so the listener never becomes a dependency of the emitter.
 */

export interface DomainEventMap {}

export type DomainEventName = keyof DomainEventMap;
export type DomainEventHandler<E extends DomainEventName> = (payload: DomainEventMap[E]) => unknown;

/**
 * The typed in-process event bus. Emitters call `emit` after their transaction has committed, so
 * handlers see committed data. Each handler starts synchronously in subscription order; a handler
 * that throws or rejects is logged and does not affect the others nor the emitter. `emit` resolves
 * when every handler has settled (an emitter that must not return before its listeners await it;
 * one that must not wait ignores it) and never rejects.
 */
@Injectable()
export class DomainEvents {
  private readonly logger = new Logger('DomainEvents');
  private readonly handlers = new Map<DomainEventName, Set<DomainEventHandler<never>>>();

  /** Subscribes; returns the unsubscribe function. */
  on<E extends DomainEventName>(event: E, handler: DomainEventHandler<E>): () => void {
    let set = this.handlers.get(event);
    if (!set) this.handlers.set(event, (set = new Set()));
    set.add(handler as DomainEventHandler<never>);
    return () => set.delete(handler as DomainEventHandler<never>);
  }

  emit<E extends DomainEventName>(event: E, payload: DomainEventMap[E]): Promise<void> {
    const running: Promise<unknown>[] = [];
    for (const handler of this.handlers.get(event) ?? []) {
      try {
        const result = (handler as DomainEventHandler<E>)(payload);
        if (result instanceof Promise) running.push(result.catch((err) => this.failed(event, err)));
      } catch (err) {
        this.failed(event, err);
      }
    }
    return running.length ? Promise.all(running).then(() => undefined) : Promise.resolve();
  }

  private failed(event: string, err: unknown) {
    this.logger.error(`${event} handler failed: ${err}`);
  }
}
