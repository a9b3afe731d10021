import type { JSXElementConstructor } from 'react';

/**
 * What the shell passes every remote's `./App` (host/src/federation/RemoteApp.tsx renders
 * `<Component {...props} />` with these): nothing yet. The container's wrapper
 * (shared/webpack/remoteApp.tsx) hands them on to the remote's App unchanged, and the host's
 * typecheck holds each remote's published declaration of `./App` to it (RemoteAppFits), so a remote
 * whose App comes to require a prop the shell does not give fails `pnpm typecheck` in the host.
 */
export type RemoteAppProps = Readonly<Record<never, never>>;

type PropsOf<App> = App extends JSXElementConstructor<infer P> ? P : never;
type RequiredKeys<P> = { [K in keyof P]-?: Record<never, never> extends Pick<P, K> ? never : K }[keyof P];
type MissingProps<App> = Exclude<RequiredKeys<PropsOf<App>>, keyof RemoteAppProps>;

/**
 * `App` (the type of a remote's `./App`) when the shell can render it with RemoteAppProps; else a
 * sentence naming the remote (and the props it requires that the shell does not pass), which the
 * compiler's error quotes: the host's generated check (scripts/types/remoteTypes.mjs) assigns each
 * remote's App to this.
 */
export type RemoteAppFits<Remote extends string, App> =
  App extends JSXElementConstructor<RemoteAppProps>
    ? App
    : [MissingProps<App>] extends [never]
      ? `remote ${Remote}: its ./App does not take the props the host's RemoteApp passes (RemoteAppProps in @prds/shared)`
      : `remote ${Remote}: its ./App requires the prop '${MissingProps<App> & string}', which the host's RemoteApp does not pass (RemoteAppProps in @prds/shared)`;
