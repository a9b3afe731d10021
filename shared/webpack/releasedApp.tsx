// The App a release build exposes inside remoteApp.tsx (createConfig with PRDS_RELEASE_VERSION, set by `pnpm release`):
// the remote's own App, beside a hidden mark naming the release it came from, so the page, a test or a
// person in DevTools can tell which release of a remote is on screen. A QA build may carry a note
// (PRDS_RELEASE_NOTE, e.g. "v2 preview"), shown above the App; a production release leaves it empty.
// It passes the App the props it is given (RemoteAppProps, through remoteApp.tsx) unchanged.
import type { RemoteAppProps } from '@prds/shared/federation';
import App from 'prds-remote-app';

const VERSION = process.env.PRDS_RELEASE_VERSION ?? '';
const NOTE = process.env.PRDS_RELEASE_NOTE ?? '';

export default function ReleasedApp(props: RemoteAppProps) {
  return (
    <>
      <span hidden data-remote-release={VERSION} />
      {NOTE !== '' ? (
        <p data-testid="remote-release-note" role="note" style={{ margin: 0, padding: '0.04rem 0.16rem', fontSize: '0.12rem' }}>
          {NOTE}
        </p>
      ) : null}
      <App {...props} />
    </>
  );
}
