import { describe, expect, it } from 'vitest';
import { Followers } from '../../core/index/followers.js';

describe('followed types are caught up before their versions, or the index\'s own, are read', () => {
  it('catchUpAll runs every follower\'s sync once, and a sync that reads the index meanwhile is not run again', () => {
    const followers = new Followers();
    const runs: string[] = [];
    followers.set('users', () => {
      runs.push('users');
      // Reading the index from inside the sync (as setRecord does) catches nothing up again.
      followers.catchUpAll();
    });
    followers.set('roles', () => runs.push('roles'));
    followers.catchUpAll();
    expect(runs).toEqual(['users', 'roles']);
    followers.catchUp('users');
    expect(runs).toEqual(['users', 'roles', 'users']);
  });

  it('catchUpAll without followers does nothing', () => {
    expect(() => new Followers().catchUpAll()).not.toThrow();
  });
});
