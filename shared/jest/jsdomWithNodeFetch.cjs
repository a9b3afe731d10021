// A jsdom test environment with Node's own fetch, so a component test can talk to a real local
// HTTP server through the real api client (jsdom has no fetch). AbortController comes from the same
// realm as fetch: Node's fetch refuses a jsdom AbortSignal.
const { TestEnvironment } = require('jest-environment-jsdom');

class JsdomWithNodeFetch extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    Object.assign(this.global, { fetch, Request, Response, Headers, AbortController, AbortSignal });
  }
}

module.exports = JsdomWithNodeFetch;
