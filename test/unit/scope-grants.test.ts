import { scopeGrantProblems, scopesUserMayGive } from '../../src/auth/scope-grants.js';

describe('scopesUserMayGive', () => {
  const pos = ['locations.read', 'catalogs.read', 'catalogs.write', 'orders.read', 'orders.write'];

  it('gives every scope of the application, in ALL_SCOPES order, when none is asked', () => {
    expect(scopesUserMayGive([], ['orders.write', 'locations.read'], 'merchant')).toEqual([
      'locations.read',
      'orders.write',
    ]);
  });

  it('gives what is asked within the application', () => {
    expect(scopesUserMayGive(['orders.read', 'menu.write'], pos, 'admin')).toEqual(['orders.read']);
  });

  it('leaves out what the role may not hold: a merchant never gives provisioning', () => {
    expect(scopesUserMayGive([], ['provisioning', 'orders.read'], 'merchant')).toEqual(['orders.read']);
    expect(scopesUserMayGive([], ['provisioning', 'orders.read'], 'reseller')).toEqual(['provisioning', 'orders.read']);
  });

  it('gives nothing when nothing asked is within the application', () => {
    expect(scopesUserMayGive(['applications.write'], pos, 'admin')).toEqual([]);
    expect(scopesUserMayGive([], [], 'admin')).toEqual([]);
  });

  it('ignores what is not a scope at all', () => {
    expect(scopesUserMayGive(['openid', 'orders.read'], ['openid', ...pos], 'admin')).toEqual(['orders.read']);
  });
});

describe('scopeGrantProblems', () => {
  it('lets an admin give any scope and names each problem by its place for anyone else', () => {
    expect(
      scopeGrantProblems({
        current: [],
        requested: ['provisioning', 'orders.read'],
        callerIsAdmin: true,
        callerIsTheApplication: false,
      }),
    ).toEqual([]);
    expect(
      scopeGrantProblems({
        current: [],
        requested: ['orders.read', 'provisioning'],
        callerIsAdmin: false,
        callerIsTheApplication: false,
      }),
    ).toEqual([{ path: '/scopes/1', message: 'only an admin gives an application "provisioning"' }]);
  });

  it('refuses an application widening its own scopes, and keeps what it already has', () => {
    expect(
      scopeGrantProblems({
        current: ['orders.read'],
        requested: ['orders.read', 'orders.write'],
        callerIsAdmin: false,
        callerIsTheApplication: true,
      }),
    ).toEqual([{ path: '/scopes/1', message: 'an application cannot widen its own scopes ("orders.write")' }]);
  });
});
