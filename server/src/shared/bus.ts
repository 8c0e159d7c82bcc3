import { Injectable } from '@nestjs/common';
import { EventEmitter2, OnEvent } from '@nestjs/event-emitter';

/**
 * A fact one module announces (`identity.member-deleted`); the modules that care handle it. Published
 * inside the publisher's transaction, so a handler's failure rolls the whole change back.
 */
export interface DomainEvent {
  readonly key: string;
}

/**
 * Work one module asks of the module that owns it (an approved grant, a refund): exactly one handler,
 * registered by the owner; its answer comes back to the sender. `Result` only types that answer.
 */
export interface Command<Result = void> {
  readonly key: string;
  readonly answers?: Result;
}

/** Marks a method as a handler of the event `key` (errors reach the publisher, never swallowed). */
export const OnDomainEvent = (key: string): MethodDecorator => OnEvent(key, { suppressErrors: false });

/** Marks a method as the one handler of the command `key`. */
export const HandlesCommand = (key: string): MethodDecorator => OnEvent(key, { suppressErrors: false });

@Injectable()
export class EventBus {
  constructor(private readonly emitter: EventEmitter2) {}

  /**
   * Runs the event's handlers one after the other: they share the publisher's transaction, and one
   * connection never runs two statements at once.
   */
  async publish(event: DomainEvent): Promise<void> {
    for (const handler of this.emitter.listeners(event.key)) await handler(event);
  }
}

@Injectable()
export class CommandBus {
  constructor(private readonly emitter: EventEmitter2) {}

  /** Whether the command's owner is loaded (its one handler registered). */
  handles(key: string): boolean {
    return this.emitter.listeners(key).length === 1;
  }

  async execute<Result>(command: Command<Result>): Promise<Result> {
    const handlers = this.emitter.listeners(command.key);
    if (handlers.length !== 1) throw new Error(`command ${command.key} has ${handlers.length} handlers, not one`);
    return (await handlers[0]!(command)) as Result;
  }
}
