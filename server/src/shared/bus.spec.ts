import { EventEmitter2 } from '@nestjs/event-emitter';
import { CommandBus, EventBus } from './bus.js';

/** Registers a handler as `@OnEvent` does: the emitter only keeps it, the buses await what it returns. */
const listen = (emitter: EventEmitter2, key: string, handler: () => unknown) =>
  emitter.on(key, handler as Parameters<EventEmitter2['on']>[1]);

describe('EventBus', () => {
  it('runs the handlers one after the other and hands a failure back to the publisher', async () => {
    const emitter = new EventEmitter2();
    const steps: string[] = [];
    listen(emitter, 'thing.happened', async () => {
      steps.push('first started');
      await new Promise((resolve) => setImmediate(resolve));
      steps.push('first done');
    });
    listen(emitter, 'thing.happened', () => {
      steps.push('second');
      throw new Error('second refused');
    });
    await expect(new EventBus(emitter).publish({ key: 'thing.happened' })).rejects.toThrow('second refused');
    expect(steps).toEqual(['first started', 'first done', 'second']);
  });
});

describe('CommandBus', () => {
  it('answers with the one handler and refuses none or two', async () => {
    const emitter = new EventEmitter2();
    const bus = new CommandBus(emitter);
    const command = { key: 'work.do', answers: 0 };
    expect(bus.handles('work.do')).toBe(false);
    await expect(bus.execute(command)).rejects.toThrow('command work.do has 0 handlers, not one');
    listen(emitter, 'work.do', async () => 42);
    expect(bus.handles('work.do')).toBe(true);
    await expect(bus.execute(command)).resolves.toBe(42);
    listen(emitter, 'work.do', async () => 43);
    await expect(bus.execute(command)).rejects.toThrow('command work.do has 2 handlers, not one');
  });
});
