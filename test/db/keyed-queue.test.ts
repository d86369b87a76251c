/**
 * The per-game queue of moves inside one process.
 */
import { describe, expect, it } from 'vitest';
import { KeyedQueue, QueueFullError } from '../../src/db/keyed-queue.js';

const tick = () => new Promise((r) => setTimeout(r, 1));

describe('KeyedQueue', () => {
  it('runs the tasks of one key one at a time, in arrival order', async () => {
    const queue = new KeyedQueue();
    const log: string[] = [];
    let running = 0;
    const task = (name: string) => async () => {
      running++;
      expect(running).toBe(1);
      log.push(`start ${name}`);
      await tick();
      log.push(`end ${name}`);
      running--;
      return name;
    };
    const results = await Promise.all(['a', 'b', 'c'].map((n) => queue.run('game', task(n))));
    expect(results).toEqual(['a', 'b', 'c']);
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
  });

  it('never makes one key wait for another', async () => {
    const queue = new KeyedQueue();
    let releaseA!: () => void;
    const a = queue.run('A', () => new Promise<string>((r) => (releaseA = () => r('a'))));
    await expect(queue.run('B', async () => 'b')).resolves.toBe('b');
    releaseA();
    await expect(a).resolves.toBe('a');
  });

  it('goes on after a failed task, and forgets idle keys', async () => {
    const queue = new KeyedQueue();
    const failed = queue.run('game', async () => {
      throw new Error('refused');
    });
    const next = queue.run('game', async () => 'next');
    await expect(failed).rejects.toThrow('refused');
    await expect(next).resolves.toBe('next');
    await tick();
    expect(queue.size).toBe(0);
  });

  it('refuses a task beyond the bound of its key, runs nothing for it, and admits again once one settles', async () => {
    const queue = new KeyedQueue(2);
    const release: (() => void)[] = [];
    const hold = () => new Promise<void>((r) => release.push(r));
    const first = queue.run('game', hold);
    const second = queue.run('game', hold);
    let ran = false;
    await expect(
      queue.run('game', async () => {
        ran = true;
      }),
    ).rejects.toBeInstanceOf(QueueFullError);
    expect(ran).toBe(false);
    // Another key has its own bound.
    await expect(queue.run('other', async () => 'ok')).resolves.toBe('ok');
    release.shift()!();
    await first;
    await tick();
    const third = queue.run('game', async () => 'third');
    while (release.length > 0) release.shift()!();
    await second;
    await expect(third).resolves.toBe('third');
  });

  it('names the task running now: it settles with that task, not with those queued behind it', async () => {
    const queue = new KeyedQueue();
    expect(queue.running('game')).toBeUndefined();
    const release: (() => void)[] = [];
    const first = queue.run(
      'game',
      () => new Promise<void>((_, reject) => release.push(() => reject(new Error('x')))),
    );
    const second = queue.run('game', () => new Promise<void>((r) => release.push(r)));
    const now = queue.running('game');
    expect(now).toBeDefined();
    release.shift()!();
    // Settles (never rejects) once the first task has failed, while the second still runs.
    await expect(now).resolves.toBeUndefined();
    await expect(first).rejects.toThrow('x');
    const next = queue.running('game');
    expect(next).toBeDefined();
    expect(next).not.toBe(now);
    release.shift()!();
    await second;
    await next;
    await tick();
    expect(queue.running('game')).toBeUndefined();
    expect(queue.size).toBe(0);
  });
});
