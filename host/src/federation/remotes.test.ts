import { REMOTE_NAMES } from '@prds/shared/routes';
import apps from '../../../apps.json';
import { REMOTES, remoteModuleId } from './remotes';

describe('remotes table', () => {
  it('serves exactly the remotes @prds/shared names, each from its own folder and port', () => {
    expect(Object.keys(apps.remotes).sort()).toEqual([...REMOTE_NAMES].sort());
    const entries = REMOTE_NAMES.map((name) => REMOTES[name]);
    expect(new Set(entries.map((remote) => remote.folder)).size).toBe(REMOTE_NAMES.length);
    expect(new Set(entries.map((remote) => remote.portOffset)).size).toBe(REMOTE_NAMES.length);
    expect(entries.every((remote) => remote.portOffset > 0)).toBe(true);
  });

  it('names the exposed ./App of a remote the way loadRemote expects', () => {
    expect(remoteModuleId('mfe_market')).toBe('mfe_market/App');
  });
});
