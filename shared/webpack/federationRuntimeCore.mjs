// The host's federation runtime plugin that lends its runtime core to every remote's container
// (createConfig.cjs: the host's `provideRuntimeCore`, each remote's `externalRuntime`), so a remote's
// remoteEntry.js does not ship a second copy of it (~11 KiB gzip each).
//
// It lends only the names a container's runtime (@module-federation/runtime) imports from the core
// (RUNTIME_CORE_NAMES; federationRuntimeCore.test.ts fails when an update of the runtime imports
// another), not the core's whole namespace: the enhanced plugin's own `provideExternalRuntime` does
// `import *`, which keeps all of the core in the host's main.js (+22 KiB gzip, more than a remote saves).
import {
  CurrentGlobal,
  Module,
  ModuleFederation,
  assert,
  getGlobalFederationConstructor,
  getRemoteEntry,
  getRemoteInfo,
  helpers,
  loadScript,
  loadScriptNode,
  registerGlobalPlugins,
  satisfy,
  setGlobalFederationConstructor,
  setGlobalFederationInstance,
} from 'prds-federation-runtime-core';

/** Where a container built with `externalRuntime` reads the core (the enhanced plugin's externals). */
export const RUNTIME_CORE_GLOBAL = '_FEDERATION_RUNTIME_CORE';

export const runtimeCore = Object.freeze({
  CurrentGlobal,
  Module,
  ModuleFederation,
  assert,
  getGlobalFederationConstructor,
  getRemoteEntry,
  getRemoteInfo,
  helpers,
  loadScript,
  loadScriptNode,
  registerGlobalPlugins,
  satisfy,
  setGlobalFederationConstructor,
  setGlobalFederationInstance,
});

export default function provideRuntimeCorePlugin() {
  return {
    name: 'prds-provide-runtime-core',
    beforeInit(args) {
      // The host initialises before it loads any remote: the core is there when a container starts.
      globalThis[RUNTIME_CORE_GLOBAL] ??= runtimeCore;
      return args;
    },
  };
}
