import { LiveFanout } from '../../src/live/live-fanout.js';
import { decodeSignal, encodeSignal, type LiveSignal } from '../../src/live/live-signal.js';

const order = (locationId: string, n: number): LiveSignal => ({
  topic: 'order',
  accountId: 'acc',
  locationId,
  orderId: `o${n}`,
  status: 'NEW',
  change: 'CREATED',
});

describe('live fan-out', () => {
  it('hands a location’s signals to its subscribers only, in order', async () => {
    const fanout = new LiveFanout();
    const here = fanout.subscribe({ locationId: 'L1' });
    const there = fanout.subscribe({ locationId: 'L2' });
    fanout.publish(order('L1', 1));
    fanout.publish(order('L1', 2));
    expect((await here.next()).value).toMatchObject({ orderId: 'o1' });
    expect((await here.next()).value).toMatchObject({ orderId: 'o2' });
    expect(there.pending).toBe(0);
  });

  it('hands delivery signals to the receiving application’s subscribers as well', async () => {
    const fanout = new LiveFanout();
    const app = fanout.subscribe({ applicationId: 'A1' });
    fanout.publish({
      topic: 'delivery',
      accountId: null,
      locationId: null,
      applicationId: 'A1',
      deliveryId: 'd1',
      eventType: 'X',
      status: 'DELIVERED',
    });
    expect((await app.next()).value).toMatchObject({ deliveryId: 'd1' });
  });

  it('bounds each buffer: a subscriber that falls behind loses the backlog and is told to read again', async () => {
    const fanout = new LiveFanout();
    const slow = fanout.subscribe({ locationId: 'L1' }, 3);
    for (let n = 1; n <= 5; n += 1) fanout.publish(order('L1', n));
    expect(slow.pending).toBeLessThanOrEqual(3);
    expect((await slow.next()).value).toEqual({ topic: 'resync', reason: 'overflow' });
    expect((await slow.next()).value).toMatchObject({ orderId: 'o5' });
  });

  it('ends a waiting subscriber at once when it unsubscribes, and forgets it', async () => {
    const fanout = new LiveFanout();
    const sub = fanout.subscribe({ locationId: 'L1' });
    const waiting = sub.next();
    await sub.return();
    expect(await waiting).toEqual({ value: undefined, done: true });
    expect(fanout.subscriberCount).toBe(0);
    fanout.publish(order('L1', 1));
    expect(sub.pending).toBe(0);
  });

  it('tells every subscriber to read again after a reconnection', async () => {
    const fanout = new LiveFanout();
    const a = fanout.subscribe({ locationId: 'L1' });
    const b = fanout.subscribe({ applicationId: 'A1' });
    fanout.publish(order('L1', 1));
    fanout.resyncAll('reconnected');
    expect((await a.next()).value).toEqual({ topic: 'resync', reason: 'reconnected' });
    expect((await b.next()).value).toEqual({ topic: 'resync', reason: 'reconnected' });
  });
});

describe('live signal encoding', () => {
  it('round-trips a signal and rejects what is not one', () => {
    const signal = order('L1', 1);
    expect(decodeSignal(encodeSignal(signal))).toEqual(signal);
    expect(decodeSignal('not json')).toBeNull();
    expect(decodeSignal(JSON.stringify({ topic: 'order', orderId: 'x' }))).toBeNull();
    expect(decodeSignal(JSON.stringify({ topic: 'something-else' }))).toBeNull();
  });

  it('round-trips a menu signal naming its menus, or all of them (null), and rejects a malformed one', () => {
    for (const menuIds of [['m1', 'm2'], null]) {
      const signal: LiveSignal = { topic: 'menu', locationId: 'L1', menuIds };
      expect(decodeSignal(encodeSignal(signal))).toEqual(signal);
    }
    expect(decodeSignal(JSON.stringify({ topic: 'menu', locationId: 'L1' }))).toBeNull();
    expect(decodeSignal(JSON.stringify({ topic: 'menu', locationId: 'L1', menuIds: [1] }))).toBeNull();
    expect(decodeSignal(JSON.stringify({ topic: 'menu', menuIds: ['m1'] }))).toBeNull();
  });

  it('hands a menu signal to the subscribers of its location', async () => {
    const fanout = new LiveFanout();
    const here = fanout.subscribe({ locationId: 'L1' });
    fanout.publish({ topic: 'menu', locationId: 'L1', menuIds: ['m1'] });
    expect((await here.next()).value).toEqual({ topic: 'menu', locationId: 'L1', menuIds: ['m1'] });
    await here.return();
  });
});
