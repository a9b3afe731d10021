import { REMOTE_NAMES, ROUTES, paths, type RouteName } from '@prds/shared/routes';
import { REMOTE_ROUTES, remoteForPath } from './routeTable';

describe('remoteForPath', () => {
  // Spec §2, row by row.
  it.each([
    ['/market', 'mfe_market'],
    ['/market/', 'mfe_market'],
    ['/market/anything/below', 'mfe_market'],
    ['/detail/42', 'mfe_market'],
    ['/detail/0xabc', 'mfe_market'],
    ['/claim', 'mfe_claim'],
    ['/portfolio', 'mfe_portfolio'],
    ['/bridge', 'mfe_portfolio'],
    ['/deposit', 'mfe_portfolio'],
    ['/issue', 'mfe_issue'],
    ['/nft', 'mfe_license'],
    ['/nft/packet', 'mfe_license'],
  ])('%s is owned by %s', (path, remote) => {
    expect(remoteForPath(path)).toBe(remote);
  });

  it.each(['/', '/license', '/marketplace', '/detail', '/detail/1/extra', '/claims', '/portfolio/x', '/unknown'])(
    '%s belongs to no remote',
    (path) => {
      expect(remoteForPath(path)).toBeNull();
    },
  );

  it('mounts every remote somewhere', () => {
    const mounted = new Set(REMOTE_ROUTES.map((route) => route.remote));
    expect([...mounted].sort()).toEqual([...REMOTE_NAMES].sort());
  });

  it('gives every route of the path table to a remote, except the two the shell answers', () => {
    const shell: readonly RouteName[] = ['home', 'license'];
    for (const name of Object.keys(ROUTES) as RouteName[]) {
      const owner = remoteForPath(ROUTES[name].replace(':id', '1'));
      if (shell.includes(name)) expect(owner).toBeNull();
      else expect(owner).not.toBeNull();
    }
    expect(remoteForPath(paths.detail(7))).toBe('mfe_market');
  });
});
