import { EventEmitter } from 'node:events';
import type { WebSocket } from 'ws';
import { describe, expect, it } from 'vitest';
import { SOCKET_MAX_BUFFERED_BYTES } from '#shared/constants.ts';
import { sendFrame, SocketGroups } from './socket-groups.ts';

/** The part of a ws socket the groups use, recording what was done to it. */
class FakeSocket extends EventEmitter {
  readonly OPEN = 1;
  readyState = 1;
  bufferedAmount = 0;
  sent: string[] = [];
  actions: string[] = [];
  send(data: string) {
    this.sent.push(data);
  }
  ping() {
    this.actions.push('ping');
  }
  terminate() {
    this.actions.push('terminate');
  }
  close(code: number) {
    this.actions.push(`close ${code}`);
  }
}

function client() {
  const fake = new FakeSocket();
  return { fake, entry: { socket: fake as unknown as WebSocket, alive: true } };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('SocketGroups', () => {
  it("runs a key's tasks in order, goes on after a failure it reports, and keys apart run apart", async () => {
    const errors: unknown[] = [];
    const groups = new SocketGroups((error) => errors.push(error));
    const order: string[] = [];
    let release!: () => void;
    const slow = new Promise<void>((resolve) => (release = resolve));

    const first = groups.enqueue('a', async () => {
      await slow;
      order.push('a1');
    });
    const failing = groups.enqueue('a', () => Promise.reject(new Error('load failed')));
    const third = groups.enqueue('a', async () => {
      order.push('a3');
    });
    await groups.enqueue('b', async () => {
      order.push('b1');
    });
    expect(order).toEqual(['b1']);

    release();
    await first;
    await expect(failing).rejects.toThrow('load failed');
    await third;
    expect(order).toEqual(['b1', 'a1', 'a3']);
    expect(errors).toHaveLength(1);
  });

  it('counts sockets by key and forgets a key once it has no socket and no task', async () => {
    const groups = new SocketGroups(() => {});
    const one = client();
    const two = client();
    expect(groups.add('u', one.entry)).toBe(1);
    expect(groups.add('u', two.entry)).toBe(2);
    expect([...groups.clientsOf('u')]).toEqual([one.entry, two.entry]);

    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const pending = groups.enqueue('u', () => gate);
    expect(groups.remove('u', one.entry)).toBe(1);
    expect(groups.remove('u', one.entry)).toBeNull();
    expect(groups.remove('u', two.entry)).toBe(0);
    expect(groups.keys()).toEqual(['u']);
    release();
    await pending;
    await tick();
    expect(groups.keys()).toEqual([]);
    expect(groups.count('u')).toBe(0);
  });

  it('terminates a socket that missed a ping, pings the others, and a pong makes it alive again', () => {
    const groups = new SocketGroups(() => {});
    const quiet = client();
    const answering = client();
    groups.add('a', quiet.entry);
    groups.add('b', answering.entry);

    expect(groups.heartbeat()).toHaveLength(2);
    answering.fake.emit('pong');
    groups.heartbeat();

    expect(quiet.fake.actions).toEqual(['ping', 'terminate']);
    expect(answering.fake.actions).toEqual(['ping', 'ping']);
  });

  it('closes every socket and waits for the queued tasks', async () => {
    const groups = new SocketGroups(() => {});
    const one = client();
    groups.add('a', one.entry);
    let done = false;
    groups
      .enqueue('a', async () => {
        await tick();
        done = true;
      })
      .catch(() => {});
    await groups.closeAll(1001);
    expect(one.fake.actions).toEqual(['close 1001']);
    expect(done).toBe(true);
  });
});

describe('sendFrame', () => {
  it('sends JSON on an open socket, nothing on a closed one, and drops a client that stopped reading', () => {
    const open = new FakeSocket();
    sendFrame(open as unknown as WebSocket, { type: 'resync' });
    expect(open.sent).toEqual(['{"type":"resync"}']);

    const closed = new FakeSocket();
    closed.readyState = 3;
    sendFrame(closed as unknown as WebSocket, { type: 'resync' });
    expect(closed.sent).toEqual([]);

    const stuck = new FakeSocket();
    stuck.bufferedAmount = SOCKET_MAX_BUFFERED_BYTES + 1;
    sendFrame(stuck as unknown as WebSocket, { type: 'resync' });
    expect(stuck.sent).toEqual([]);
    expect(stuck.actions).toEqual(['terminate']);
  });
});
