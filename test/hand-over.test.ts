import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { HandOver } from '../src/write/hand-over.js';

function queue(limit: number) {
  const posted: string[] = [];
  return { posted, handOver: new HandOver<string>(limit, (item) => posted.push(item)) };
}

test('batches sent ahead go at once while there is room, and are held beyond it', () => {
  const { posted, handOver } = queue(2);
  for (const item of ['a', 'b', 'c', 'd']) handOver.hold(item);
  assert.equal(posted, ['a', 'b']);
  assert.equal([handOver.queued, handOver.holding], [2, 2]);
  handOver.done();
  assert.equal(posted, ['a', 'b', 'c'], 'with nothing waiting, a held batch fills the room');
});

test('a batch waiting for room goes before the held ones', async () => {
  const { posted, handOver } = queue(2);
  for (const item of ['a', 'b', 'c']) handOver.hold(item);
  let ready = false;
  assert.not.ok(handOver.hasRoom);
  const room = handOver.room().then(() => (ready = true));
  await Promise.resolve();
  assert.not.ok(ready, 'no room: it waits');
  handOver.done();
  await room;
  assert.ok(handOver.hasRoom);
  handOver.send('x');
  assert.equal(posted, ['a', 'b', 'x']);
  assert.is(handOver.holding, 1);
  handOver.done();
  assert.equal(posted, ['a', 'b', 'x', 'c']);
});

test('at the end everything held goes, whatever the room; a stop frees whoever waits', async () => {
  const { posted, handOver } = queue(1);
  for (const item of ['a', 'b', 'c']) handOver.hold(item);
  handOver.sendHeld();
  assert.equal(posted, ['a', 'b', 'c']);
  const room = handOver.room();
  handOver.stop();
  assert.ok(handOver.hasRoom, 'a stopped writer has room for anything: nothing waits for it');
  await room;
  assert.is(handOver.holding, 0);
});

test('what is taken back is the last held, never handed over; the writer still gets the first', () => {
  const { posted, handOver } = queue(1);
  for (const item of ['a', 'b', 'c', 'd']) handOver.hold(item);
  assert.equal(posted, ['a']);
  assert.is(handOver.takeBack(), 'd');
  handOver.done();
  assert.equal(posted, ['a', 'b']);
  assert.is(handOver.takeBack(), 'c');
  assert.is(handOver.takeBack(), undefined);
  handOver.done();
  handOver.sendHeld();
  assert.equal(posted, ['a', 'b']);
});

test.run();
