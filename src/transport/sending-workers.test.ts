import { mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '../testing/fixtures.js';
import { SENDING_MS, SendingWorkers } from './sending-workers.js';

test('workers that sent lately are counted; one that stopped, or a folder nobody wrote, counts as none', () => {
  const folder = join(mkdtempSync(join(tmpdir(), 'sending-')), 'run');
  const now = Date.now();
  const first = new SendingWorkers(folder, '0');
  expect(first.count(now)).toBe(1); // no folder yet: itself only
  first.sending(3, now);
  new SendingWorkers(folder, '1').sending(5, now);
  writeFileSync(join(folder, '2'), '');
  const ended = (now - SENDING_MS - 1000) / 1000;
  utimesSync(join(folder, '2'), ended, ended); // a worker that sent nothing for longer than SENDING_MS
  expect(new SendingWorkers(folder, '3').count(now)).toBe(2);
});

test('a folder that cannot be written leaves the worker counting itself alone', () => {
  const notAFolder = join(mkdtempSync(join(tmpdir(), 'sending-')), 'file');
  writeFileSync(notAFolder, '');
  const worker = new SendingWorkers(join(notAFolder, 'run'), '0');
  worker.sending(4);
  expect(worker.count()).toBe(1);
  expect(worker.runRecent(4)).toBe(4);
});

test('a hold one worker writes is the one the others read, whole', () => {
  const folder = join(mkdtempSync(join(tmpdir(), 'sending-')), 'run');
  const reader = new SendingWorkers(folder, '1');
  expect(reader.lastHold()).toBeUndefined();
  new SendingWorkers(folder, '0').held({ until: 1_000, rate: 12 });
  expect(reader.lastHold()).toEqual({ until: 1_000, rate: 12 });
  expect(reader.count()).toBe(1); // the hold's file is no worker
});

test("the run's requests of the last second: this worker's own and each other worker's last mark, if fresh", () => {
  const folder = join(mkdtempSync(join(tmpdir(), 'sending-')), 'run');
  const now = Date.now();
  const me = new SendingWorkers(folder, '0');
  me.sending(99, now); // its own mark is not read: `own` is counted now
  new SendingWorkers(folder, '1').sending(7, now);
  new SendingWorkers(folder, '2').sending(5, now);
  new SendingWorkers(folder, '3').sending(11, now);
  const stale = (now - 1500) / 1000;
  utimesSync(join(folder, '3'), stale, stale); // a worker that has not marked for over a second
  me.held({ until: now, rate: 1 });
  expect(me.runRecent(2, undefined, now)).toBe(2 + 7 + 5);
});
